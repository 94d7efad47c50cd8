import type { Codemod } from './codemod.ts';
import { dispositions } from './dispositions.ts';
import { guardIds } from './guard-ids.ts';

/**
 * Every codemod `agent-contract codemod <name>` can run, by the name users type. To ship a codemod, add one line
 * `'<name>': <codemod>,` here; the CLI, its `--help` and its unknown-name message read this object.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each codemod has its own options type; the CLI hands every codemod the options it parsed
export const codemods: Record<string, Codemod<any>> = {
  dispositions,
  'guard-ids': guardIds,
};
