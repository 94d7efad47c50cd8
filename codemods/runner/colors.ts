import type pc from 'picocolors';

/** picocolors' palette, from `createColors(enabled)`: real colours on a terminal, plain text elsewhere. */
export type Colors = ReturnType<typeof pc.createColors>;
