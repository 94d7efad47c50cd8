import type { ChainMethod, SchemaExpr } from './schema-expr.ts';

/**
 * A list of ids (`ticketIds: z.array(z.string())`, `z.string().array().min(1)`, mini `z.optional(z.array(z.string()))`,
 * a list behind a preprocess of the whole list)
 * and whether guarding its elements keeps the published bytes: constraints, wrappers and `.describe()` on the list do,
 * a default does not (zod 4 publishes no input default through a transform). The measurements per zod version:
 * docs/dev/published-bytes.md.
 */

/** Methods on the list itself after which the guarded list publishes the same bytes. */
const BYTES_KEEPING_LIST_METHODS = new Set([
  'min',
  'max',
  'length',
  'nonempty',
  'optional',
  'nullable',
  'nullish',
  'readonly',
  'describe',
  'check',
]);
/** Methods on the list after which the guarded list publishes other bytes (measured). */
export const LIST_DEFAULT_METHODS: ReadonlySet<string> = new Set(['default', 'catch', 'prefault']);
/** mini's wrappers around a list: `z.optional(z.array(...))`. */
const LIST_WRAPPERS = new Set(['optional', 'nullable', 'nullish']);

export type IdListElement<N> =
  /** The element schema of a list whose own methods all keep the bytes. */
  | { readonly kind: 'element'; readonly element: SchemaExpr<N> }
  /** A list whose methods (named in `detail`) make a guarded element change the published bytes. */
  | { readonly kind: 'blocked'; readonly reason: 'list-default'; readonly detail: string };

/** The element of a list schema, or undefined when `expr` is no list (or a list with methods whose bytes were not measured). */
export function idListElementOf<N>(expr: SchemaExpr<N>): IdListElement<N> | undefined {
  const outer: ChainMethod<N>[] = [];
  let current = expr;
  for (;;) {
    if (current.kind !== 'zod') break;
    // `z.preprocess(parseJson, z.array(...))`: a preprocess of the whole list (one that takes it sent as JSON text)
    // renders the list's schema, so its elements are guarded as a plain list's (measured on zod 3.25 and 4.6).
    const [first] = current.factory;
    const inner = LIST_WRAPPERS.has(first ?? '')
      ? current.factoryArgs[0]
      : first === 'preprocess'
        ? current.factoryArgs[1]
        : undefined;
    if (inner === undefined) break;
    outer.push(...current.methods);
    current = inner;
  }
  if (current.kind !== 'zod') return undefined;
  let element: SchemaExpr<N> | undefined;
  let listMethods: readonly ChainMethod<N>[];
  const arrayAt = current.methods.findIndex((method) => method.name === 'array');
  if (arrayAt !== -1) {
    // `z.string().min(1).array()`: the element is the chain before `.array()`.
    const methods = current.methods.slice(0, arrayAt);
    element = {
      ...current,
      methods,
      node: arrayAt === 0 ? current.factoryNode : (current.methods[arrayAt - 1] as ChainMethod<N>).node,
    };
    listMethods = current.methods.slice(arrayAt + 1);
  } else if (current.factory.length === 1 && current.factory[0] === 'array') {
    element = current.factoryArgs[0];
    listMethods = current.methods;
  } else {
    return undefined;
  }
  if (element === undefined) return undefined;
  const methods = [...outer, ...listMethods];
  const withDefault = methods.find((method) => LIST_DEFAULT_METHODS.has(method.name));
  if (withDefault !== undefined) return { kind: 'blocked', reason: 'list-default', detail: withDefault.name };
  if (!methods.every((method) => BYTES_KEEPING_LIST_METHODS.has(method.name))) return undefined;
  return { kind: 'element', element };
}
