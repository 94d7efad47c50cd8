import type { DispositionTable } from './disposition.ts';

/** The keys of `Table` whose decision is `refused`. */
export type RefusedKeys<Table> = {
  [Key in keyof Table]: Table[Key] extends { readonly decision: 'refused' } ? Key : never;
}[keyof Table];

/**
 * The shape to offer an agent: the accepted shape minus every refused field. Register the tool with this, keep the
 * whole shape for surfaces whose callers read docs (REST), and a field the server always refuses is never a promise.
 */
export function offeredShape<Shape extends object, const Table extends DispositionTable<Shape>>(
  shape: Shape,
  dispositions: Table,
): Omit<Shape, RefusedKeys<Table>> {
  const offered: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape)) {
    const disposition = (dispositions as Record<string, { decision: string } | undefined>)[key];
    if (disposition === undefined) {
      throw new TypeError(
        `offeredShape: the field "${key}" has no disposition; add it to the table (honored, warned or refused)`,
      );
    }
    if (disposition.decision !== 'refused') offered[key] = schema;
  }
  return offered as Omit<Shape, RefusedKeys<Table>>;
}
