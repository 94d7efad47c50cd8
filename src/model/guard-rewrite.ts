import type { ChainMethod, SchemaExpr } from './schema-expr.ts';
import { meaningOf } from './schema-meaning.ts';
import { RETYPING_METHODS, WRAPPER_FACTORIES } from './zod-vocabulary.ts';

/** The guard a rewrite writes: `guardId` around a string schema, `guardNumberId` around a number schema. */
export type GuardName = 'guardId' | 'guardNumberId';

/**
 * The string side of a string-or-number union on one id, and the methods that follow the union, so a fix can keep
 * the string schema the author wrote: `z.union([z.string().min(1), z.number()]).optional()` gives
 * `z.string().min(1)` and `[optional]`; `z.number().or(z.string())` gives `z.string()`; `z.string().or(z.number())`
 * gives the receiver `z.string()` (a chain cut before `.or`). Undefined when the expression is no such union.
 */
export function stringBranchOfUnion<N>(
  expr: SchemaExpr<N>,
): { readonly branch: SchemaExpr<N>; readonly after: readonly ChainMethod<N>[] } | undefined {
  if (expr.kind !== 'zod' || meaningOf(expr).accepts !== 'string-or-number') return undefined;
  const orIndex = expr.methods.findIndex((method) => method.name === 'or');
  if (expr.factory[0] === 'union') {
    const members = expr.factoryArgs[0];
    const branch =
      members?.kind === 'array'
        ? members.elements.find((element) => meaningOf(element).accepts === 'string')
        : undefined;
    return branch === undefined || orIndex !== -1 ? undefined : { branch, after: expr.methods };
  }
  const or = expr.methods[orIndex];
  if (or === undefined) return undefined;
  const receiver: SchemaExpr<N> = {
    ...expr,
    methods: expr.methods.slice(0, orIndex),
    node: orIndex === 0 ? expr.factoryNode : (expr.methods[orIndex - 1] as ChainMethod<N>).node,
  };
  const argument = or.args[0];
  const after = expr.methods.slice(orIndex + 1);
  if (meaningOf(receiver).accepts === 'string') return { branch: receiver, after };
  if (argument !== undefined && meaningOf(argument).accepts === 'string') return { branch: argument, after };
  return undefined;
}

/**
 * How an id acceptor becomes a guarded one, in terms of its own nodes, for every front end that fixes it (codemods,
 * lint fixes). `target` is what `guardId(...)` goes around: the whole expression, except that a trailing
 * `.optional()` (with any `.describe()`/`.meta()` after it, or a `z.optional(...)` wrapper) stays outside, since
 * `guardId(z.string().optional())` publishes other bytes on zod 4.0.0 (docs/dev/published-bytes.md).
 * - `wrap`: `guardId(<target>)`, or `guardNumberId(<target>)` for a number schema (`guard` says which).
 * - `drop-coerce`: the same, with the callee of `factory` (`z.coerce.string`, `z.coerce.number`) becoming
 *   `<namespace>.<into>`.
 * - `keep-string-branch`: the same, with `union` (a `z.union([...])` call or a `.or(...)` call) replaced by `branch`.
 * - `blocked`: no safe rewrite; `reason` says why (`retyped`: a method such as `.transform()` makes the output
 *   something other than the parsed string; `coerce-target`: coerces to a number, boolean, ...; `coerce-factory`:
 *   `coerce` was imported on its own, so there is no namespace to write `.string()` on; `union-shape`: no plain
 *   string member to keep).
 */
export type GuardRewrite<N> =
  | { readonly kind: 'wrap'; readonly target: N; readonly guard: GuardName }
  | {
      readonly kind: 'drop-coerce';
      readonly target: N;
      readonly factory: N;
      readonly namespace: string;
      readonly into: 'string' | 'number';
      readonly guard: GuardName;
    }
  | {
      readonly kind: 'keep-string-branch';
      readonly target: N;
      readonly union: N;
      readonly branch: N;
      readonly guard: 'guardId';
    }
  | {
      readonly kind: 'blocked';
      readonly target: N;
      readonly reason: 'retyped' | 'coerce-target' | 'coerce-factory' | 'union-shape';
      readonly detail: string;
    };

/** The schema inside wrapper factories (`z.optional(x)`, mini's `z.nullable(x)`), and every method met on the way. */
function coreOf<N>(expr: SchemaExpr<N>): { core: SchemaExpr<N>; methods: ChainMethod<N>[] } {
  const methods: ChainMethod<N>[] = [];
  let core = expr;
  while (core.kind === 'zod' && WRAPPER_FACTORIES.has(core.factory[0] ?? '') && core.factoryArgs[0] !== undefined) {
    methods.push(...core.methods);
    core = core.factoryArgs[0];
  }
  return { core, methods };
}

/** Methods that may follow a trailing `.optional()` and stay outside the guard with it. */
const OUTSIDE_AFTER_OPTIONAL = new Set(['optional', 'describe', 'meta']);

/** The node `guardId(...)` goes around: see `GuardRewrite`. */
function guardTargetOf<N>(expr: SchemaExpr<N>): N {
  if (expr.kind !== 'zod') return expr.node;
  const { methods } = expr;
  let run = methods.length;
  while (run > 0 && OUTSIDE_AFTER_OPTIONAL.has(methods[run - 1]?.name ?? '')) run -= 1;
  const optionalAt = methods.findIndex((method, index) => index >= run && method.name === 'optional');
  if (optionalAt === 0) return expr.factoryNode;
  if (optionalAt > 0) return (methods[optionalAt - 1] as ChainMethod<N>).node;
  const inner = expr.factoryArgs[0];
  if (run === 0 && expr.factory[0] === 'optional' && inner !== undefined) return guardTargetOf(inner);
  return expr.node;
}

/** The rewrite for an id field whose verdict (`idAcceptorVerdict`) is `guard`, `numeric`, `coerced` or `union`. */
export function guardRewriteOf<N>(expr: SchemaExpr<N>): GuardRewrite<N> {
  const target = guardTargetOf(expr);
  const { core, methods } = coreOf(expr);
  const blocked = (
    reason: 'retyped' | 'coerce-target' | 'coerce-factory' | 'union-shape',
    detail: string,
  ): GuardRewrite<N> => ({ kind: 'blocked', target, reason, detail });
  const meaning = meaningOf(core);
  const wrap: GuardRewrite<N> = { kind: 'wrap', target, guard: guardFor(meaning.accepts) };
  if (core.kind !== 'zod') return wrap;
  const union = meaning.accepts === 'string-or-number' ? stringBranchOfUnion(core) : undefined;
  const chainMethods = [...methods, ...(union === undefined ? core.methods : union.after)];
  const retyping = chainMethods.find((method) => RETYPING_METHODS.has(method.name));
  if (retyping !== undefined) return blocked('retyped', retyping.name);
  if (meaning.accepts === 'coerced') {
    const into = meaning.coerceTarget;
    if (into !== 'string' && into !== 'number') return blocked('coerce-target', into ?? 'unknown');
    if (core.binding.kind !== 'namespace') return blocked('coerce-factory', core.binding.local);
    const guard = guardFor(into);
    return { kind: 'drop-coerce', target, factory: core.factoryNode, namespace: core.binding.local, into, guard };
  }
  if (meaning.accepts === 'string-or-number') {
    if (union === undefined) return blocked('union-shape', core.factory.join('.'));
    const orCall = core.methods.find((method) => method.name === 'or');
    return {
      kind: 'keep-string-branch',
      target,
      union: orCall === undefined ? core.factoryNode : orCall.node,
      branch: union.branch.node,
      guard: 'guardId',
    };
  }
  return wrap;
}

/** `guardNumberId` for what accepts numbers, `guardId` for everything else it wraps. */
export function guardFor(accepts: string): GuardName {
  return accepts === 'number' || accepts === 'guarded-number' ? 'guardNumberId' : 'guardId';
}
