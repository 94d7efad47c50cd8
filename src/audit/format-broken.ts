import type { createColors } from 'picocolors';

type Colors = ReturnType<typeof createColors>;
import { CHAIN_VERDICT_MEANING } from '../model/chain-matrix.ts';
import type { AuditReport, SourceLocation } from './audit.ts';
import { chainsByAcceptor, fixSentence, guardIdsFiles } from './chain-groups.ts';

/** Emitters named on an acceptor's line; `--all` lists each on a line of its own. */
const EMITTERS_NAMED = 2;

/**
 * The broken chains of the text report, grouped by fix: one line per acceptor to change with its emitters counted,
 * then each fix once (one `guard-ids` command per file, pasted as is). `all` lists every emitter.
 */
export function brokenChainLines(
  report: AuditReport,
  c: Colors,
  at: (location: SourceLocation) => string,
  fromCwd: (file: string) => string,
  all: boolean,
  /** ` --helper local` where the guard must be written into the project (a devDependency-only install). */
  helperFlag = '',
): string[] {
  const groups = chainsByAcceptor(report);
  if (groups.length === 0) return [];
  // The verdict counts the chains; the heading counts what there is to change.
  const lines = [
    '',
    c.bold(`Broken chains, by the acceptor to change (${groups.length}): ${CHAIN_VERDICT_MEANING.broken}`),
  ];
  for (const group of groups) {
    const { to, detail } = group;
    const emitters = group.chains.map((chain) => `${chain.from.tool} ${chain.from.path}`.trimEnd());
    const named = all
      ? ''
      : `: ${emitters.slice(0, EMITTERS_NAMED).join(', ')}${emitters.length > EMITTERS_NAMED ? `, +${emitters.length - EMITTERS_NAMED}` : ''}`;
    lines.push(
      `  ${c.red('✗')} ${c.bold(`${to.tool}.${to.field}`)} accepts ${to.type}${detail === undefined ? '' : ` (${detail})`}  ${at(to)}  ${c.dim(`<- ${emitters.length} ${emitters.length === 1 ? 'emitter' : 'emitters'}${named}`)}`,
    );
    lines.push(...takenAsLines(report, to, c));
    if (all)
      for (const chain of group.chains)
        lines.push(`      ${chain.from.tool} ${chain.from.path} emits ${chain.from.type}  ${at(chain.from)}`);
    if (group.fix !== undefined && group.fix.kind !== 'guard-ids') lines.push(`    fix: ${fixSentence(group.fix)}`);
  }
  for (const [file, fixed] of guardIdsFiles(groups)) {
    const numbers = fixed.filter((group) => group.fix?.kind === 'guard-ids' && group.fix.guard === 'guardNumberId');
    const strings = fixed.length - numbers.length;
    const what = fixed.length === 1 ? 'the acceptor' : `the ${fixed.length} acceptors`;
    const so =
      numbers.length === 0
        ? `${fixed.length === 1 ? 'it takes' : 'they take'} an id sent as a number too`
        : strings === 0
          ? `${fixed.length === 1 ? 'it takes' : 'they take'} an id sent as a string too`
          : 'the string ones take an id sent as a number and the number ones one sent as a string';
    const guard =
      numbers.length === 0
        ? ''
        : strings === 0
          ? ' with guardNumberId(...)'
          : ' with guardId(...) and guardNumberId(...)';
    lines.push(
      `  fix: npx agent-contract codemod guard-ids${helperFlag} ${fromCwd(file)}  ${c.dim(`(guards ${what} above in that file${guard}, so ${so})`)}`,
    );
  }
  if (!all && groups.some((group) => group.chains.length > EMITTERS_NAMED))
    lines.push(c.dim('  --all lists every emitter.'));
  return lines;
}

/** An entity with its indefinite article, by how it sounds: `an issue`, `an upload`, `a user`, `a unit`. */
function withArticle(entity: string): string {
  const vowel = /^[aeio]/.test(entity) || (/^u/.test(entity) && !/^u(?:s|ni|ti|ri|ui|rl)/.test(entity));
  return `${vowel ? 'an' : 'a'} ${entity}`;
}

/**
 * Why an acceptor pairs with another entity's ids than its name says, when its description or a URL the server writes
 * says so: `taken as a user's id: the server sends its entity's ids into a path of the user collection`.
 */
export function takenAsLines(
  report: AuditReport,
  to: { readonly tool: string; readonly field: string },
  c: Colors,
): string[] {
  const acceptor = report.acceptors.find((entry) => entry.tool === to.tool && entry.field === to.field);
  if (acceptor?.describedEntity !== undefined)
    return [
      c.dim(
        `    taken as ${withArticle(acceptor.describedEntity)}'s id: its description names one, and no tool gives out ids of this input's own entity as a record's own`,
      ),
    ];
  if (acceptor?.sentInto === undefined) return [];
  return [
    c.dim(
      `    taken as ${withArticle(acceptor.sentInto)}'s id: the server sends ids of this input's entity into a URL path of the ${acceptor.sentInto} collection`,
    ),
  ];
}
