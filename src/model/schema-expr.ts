import type { ZodBinding } from './zod-imports.ts';

/**
 * A schema expression in a neutral form. The ESLint plugin builds it from ESTree, codemods and the audit from the
 * TypeScript AST; `node` points back into whichever AST it came from, so a front end can report and fix at it.
 * Only what decides a verdict is kept: which Zod factory, which methods, which arguments.
 */
export type SchemaExpr<N> =
  | ZodChainExpr<N>
  | GuardExpr<N>
  | { readonly kind: 'call'; readonly node: N; readonly callee: string; readonly args: readonly SchemaExpr<N>[] }
  | { readonly kind: 'array'; readonly node: N; readonly elements: readonly SchemaExpr<N>[] }
  | ObjectExpr<N>
  | { readonly kind: 'identifier'; readonly node: N; readonly name: string }
  | { readonly kind: 'function'; readonly node: N }
  | { readonly kind: 'literal'; readonly node: N; readonly value: string | number | boolean | null }
  /** `cond ? a : b`: one of two schemas, picked at run time (by configuration, most often). */
  | { readonly kind: 'either'; readonly node: N; readonly branches: readonly [SchemaExpr<N>, SchemaExpr<N>] }
  /** A regular expression literal, with its source as written (`^\d+$`) and flags. */
  | { readonly kind: 'regex'; readonly node: N; readonly pattern: string; readonly flags: string }
  | { readonly kind: 'other'; readonly node: N };

/** `z.string().min(1).describe('x')`: a Zod factory call followed by method calls. */
export interface ZodChainExpr<N> {
  readonly kind: 'zod';
  /** The whole expression, up to the last method call. */
  readonly node: N;
  readonly binding: ZodBinding;
  /** `['string']` for `z.string()`, `['coerce', 'string']` for `z.coerce.string()`, `['string']` for a named `string()`. */
  readonly factory: readonly string[];
  readonly factoryArgs: readonly SchemaExpr<N>[];
  /** The factory call alone (`z.string()`), before any method. */
  readonly factoryNode: N;
  readonly methods: readonly ChainMethod<N>[];
}

export interface ChainMethod<N> {
  readonly name: string;
  readonly args: readonly SchemaExpr<N>[];
  /** The call expression that ends with this method. */
  readonly node: N;
}

/** `guardId(inner)` or `idSchema()` from this package (or a configured helper), possibly followed by methods. */
export interface GuardExpr<N> {
  readonly kind: 'guard';
  readonly node: N;
  readonly name: string;
  readonly args: readonly SchemaExpr<N>[];
  readonly methods: readonly ChainMethod<N>[];
}

export interface ObjectExpr<N> {
  readonly kind: 'object';
  readonly node: N;
  readonly properties: readonly ObjectProperty<N>[];
}

export interface ObjectProperty<N> {
  /** The static key, or undefined for a spread or a computed key. */
  readonly key: string | undefined;
  readonly spread: boolean;
  readonly value: SchemaExpr<N>;
  /** The whole property (`ticketId: z.string()`), or the spread element. */
  readonly node: N;
  /** The key's node, for reports that point at the field name. */
  readonly keyNode: N;
}

/**
 * The description a Zod chain gives itself, when written as a literal: `.describe('Genre ids')`, or
 * `.meta({ description: 'Genre ids' })`; the last one wins, as in Zod. A guard publishes its inner schema's
 * (`guardId(withGenres)`, the const followed with `resolve`), unless a method on the guard gives its own.
 */
export function describedTextOf<N>(
  value: SchemaExpr<N>,
  resolve: (expr: SchemaExpr<N>) => SchemaExpr<N> = (expr) => expr,
): string | undefined {
  if (value.kind !== 'zod' && value.kind !== 'guard') return undefined;
  const [inner] = value.kind === 'guard' ? value.args : [];
  let text = inner === undefined ? undefined : describedTextOf(resolve(inner), resolve);
  for (const method of value.methods) {
    const [first] = method.args;
    if (method.name === 'describe' && first?.kind === 'literal' && typeof first.value === 'string') text = first.value;
    if (method.name === 'meta' && first?.kind === 'object') {
      const description = first.properties.find((property) => property.key === 'description')?.value;
      if (description?.kind === 'literal' && typeof description.value === 'string') text = description.value;
    }
  }
  return text;
}
