import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardIds } from '../../codemods/guard-ids.ts';
import { audit } from '../../src/audit/audit.ts';
import { ARRAY_ITEM, formatPath } from '../../src/model/ids.ts';
import { openHelpdeskDb } from '../../examples/helpdesk/src/db.ts';
import type { createHelpdeskServer } from '../../examples/helpdesk/src/server.ts';
import samples from '../../examples/helpdesk/samples.json' with { type: 'json' };
import { connectInMemory, runLiteralConsumer, type ChainVerdict } from '../../src/testing/index.ts';
import { repoRoot, runCli } from '../support/run-cli.ts';

/**
 * The four chain views of one server, the helpdesk as shipped and after `codemod guard-ids`: the audit (source), the
 * literal consumer in memory, `chains` against the stdio server, and `contract chains` on a snapshot. They classify with
 * one function of the model, so they must give every chain the same verdict. A contract sees only the emitters of tools
 * with an outputSchema: on those chains it must agree with the others, and it names the tools it cannot see.
 */

interface View {
  readonly counts: Record<'chains' | 'ok' | 'tolerated' | 'broken' | 'unknown', number>;
  /** `list_tickets tickets[].id -> get_ticket_context.ticketId: broken` */
  readonly chains: readonly string[];
}

interface Views {
  readonly audit: View;
  readonly kit: View;
  readonly live: View;
  readonly contract: View & { readonly unseen: readonly string[] };
}

const helpdeskSrc = path.join(repoRoot, 'examples/helpdesk/src');
const samplesFile = path.join(repoRoot, 'examples/helpdesk/samples.json');
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
let work: string;

function view(chains: readonly { key: string; verdict: ChainVerdict }[]): View {
  const count = (verdict: ChainVerdict) => chains.filter((chain) => chain.verdict === verdict).length;
  return {
    counts: {
      chains: chains.length,
      ok: count('ok'),
      tolerated: count('tolerated'),
      broken: count('broken'),
      unknown: count('unknown'),
    },
    chains: chains.map((chain) => `${chain.key}: ${chain.verdict}`).sort(),
  };
}

interface ContractField {
  readonly path: readonly string[];
  readonly many: boolean;
}

/** The path as the audit and the kit print it: a list of ids (`ticketIds`, many) is `ticketIds[]`. */
function printedPath(field: ContractField): string {
  const text = formatPath(field.path);
  return field.many && field.path.at(-1) !== ARRAY_ITEM ? `${text}[]` : text;
}

async function viewsOf(
  folder: string,
  serverModule: { createHelpdeskServer: typeof createHelpdeskServer },
  serverCommand: readonly string[],
): Promise<Views> {
  const report = audit(folder).report;
  const connection = await connectInMemory(serverModule.createHelpdeskServer({ db: openHelpdeskDb() }));
  let kit;
  try {
    kit = await runLiteralConsumer({ client: connection.client, samples });
  } finally {
    await connection.close();
  }
  const live = await runCli(['chains', '--json', '--samples', samplesFile, '--', ...serverCommand]);
  expect(live.stderr).toBe('');
  const contractFile = path.join(work, `${path.basename(folder)}.contract.json`);
  const snapshot = await runCli(['contract', 'snapshot', '--out', contractFile, '--', ...serverCommand]);
  expect(snapshot.code, snapshot.stderr).toBe(0);
  const matrix = await runCli(['contract', 'chains', '--json', contractFile]);
  expect(matrix.stderr).toBe('');
  const liveReport = JSON.parse(live.stdout) as {
    chains: { verdict: ChainVerdict; from: { tool: string; path: string }; to: { tool: string; field: string } }[];
  };
  const contract = JSON.parse(matrix.stdout) as {
    chains: {
      verdict: ChainVerdict;
      from: { tool: string; field: ContractField };
      to: { tool: string; field: ContractField };
    }[];
    toolsWithoutOutputSchema: string[];
  };
  return {
    audit: view(
      report.chains.map((chain) => ({
        key: `${chain.from.tool} ${chain.from.path} -> ${chain.to.tool}.${chain.to.field}`,
        verdict: chain.status,
      })),
    ),
    kit: view(
      kit.chains.map((chain) => ({
        key: `${chain.from.tool} ${chain.from.path} -> ${chain.to.tool}.${chain.to.field}`,
        verdict: chain.verdict,
      })),
    ),
    live: view(
      liveReport.chains.map((chain) => ({
        key: `${chain.from.tool} ${chain.from.path} -> ${chain.to.tool}.${chain.to.field}`,
        verdict: chain.verdict,
      })),
    ),
    contract: {
      ...view(
        contract.chains.map((chain) => ({
          key: `${chain.from.tool} ${printedPath(chain.from.field)} -> ${chain.to.tool}.${formatPath(chain.to.field.path)}`,
          verdict: chain.verdict,
        })),
      ),
      unseen: contract.toolsWithoutOutputSchema,
    },
  };
}

/** The audit's chains from the emitters a contract shows (tools with an outputSchema), to compare with `contract chains`. */
function seenByContract(audited: View, contract: Views['contract']): View {
  const emitters = new Set(contract.chains.map((chain) => chain.split(' -> ')[0]));
  const kept = audited.chains.filter((chain) => emitters.has(chain.split(' -> ')[0]));
  return view(
    kept.map((chain) => {
      const at = chain.lastIndexOf(': ');
      return { key: chain.slice(0, at), verdict: chain.slice(at + 2) as ChainVerdict };
    }),
  );
}

let before: Views;
let after: Views;

beforeAll(async () => {
  mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
  // Inside the repository (so zod, the SDK and better-sqlite3 resolve as for the example), in the ignored .tmp/.
  work = mkdtempSync(path.join(repoRoot, '.tmp', 'chain-views-'));
  const copy = path.join(work, 'helpdesk-guarded');
  mkdirSync(path.join(copy, 'src'), { recursive: true });
  for (const file of readdirSync(helpdeskSrc).filter((name) => name.endsWith('.ts'))) {
    const target = path.join(copy, 'src', file);
    copyFileSync(path.join(helpdeskSrc, file), target);
    // guardId from 'agent-contract', as in a user's project: the package resolves to itself (dist/) here.
    const outcome = guardIds.analyse(readFileSync(target, 'utf8'), target, {});
    if (outcome.output !== undefined) writeFileSync(target, outcome.output);
  }
  const guardedModule = (await import(pathToFileURL(path.join(copy, 'src/server.ts')).href)) as {
    createHelpdeskServer: typeof createHelpdeskServer;
  };
  before = await viewsOf(
    path.join(repoRoot, 'examples/helpdesk'),
    await import('../../examples/helpdesk/src/server.ts'),
    ['node', 'dist/examples/helpdesk/src/main.js'],
  );
  after = await viewsOf(copy, guardedModule, [tsx, path.join(copy, 'src/main.ts')]);
}, 240_000);

afterAll(() => {
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

describe('the four chain views of examples/helpdesk agree', () => {
  it('as shipped: 45 broken, 1 ok in the audit, the kit and chains; the contract the same on what it sees', () => {
    const counts = { chains: 46, ok: 1, tolerated: 0, broken: 45, unknown: 0 };
    expect(before.audit.counts).toEqual(counts);
    expect(before.kit.chains).toEqual(before.audit.chains);
    expect(before.live.chains).toEqual(before.audit.chains);
    expect(before.contract.chains).toEqual(seenByContract(before.audit, before.contract).chains);
    expect(before.contract.counts).toEqual({ chains: 22, ok: 0, tolerated: 0, broken: 22, unknown: 0 });
    expect(before.contract.unseen).toEqual([
      'approve_reply',
      'draft_reply',
      'get_ticket_context',
      'list_agents',
      'list_customers',
    ]);
  });

  it('after codemod guard-ids: 45 tolerated, 1 ok everywhere; the recorded acceptance makes the contract say tolerated', () => {
    const counts = { chains: 46, ok: 1, tolerated: 45, broken: 0, unknown: 0 };
    expect(after.audit.counts).toEqual(counts);
    expect(after.kit.chains).toEqual(after.audit.chains);
    expect(after.live.chains).toEqual(after.audit.chains);
    expect(after.contract.chains).toEqual(seenByContract(after.audit, after.contract).chains);
    expect(after.contract.counts).toEqual({ chains: 22, ok: 0, tolerated: 22, broken: 0, unknown: 0 });
  });
});
