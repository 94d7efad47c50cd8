import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardIdsTransform } from '../../codemods/guard-ids.ts';
import { audit, type AuditReport } from '../../src/audit/audit.ts';
import { CHAIN_VERDICT_MEANING } from '../../src/model/chain-matrix.ts';
import { applyEdits, projectFolder, repositoryRoot, TsServer, type ServerDiagnostic } from '../support/tsserver.ts';

/**
 * The plugin in a real tsserver, on the helpdesk example as a user's project (its tsconfig lists the plugin): the
 * errors it adds are the audit's broken chains, end for end; the quick fix is the guard-ids codemod's edit; after the
 * fixes every chain is tolerated; a failure inside the plugin leaves TypeScript's own answer and one line in the log.
 */

const BROKEN_ACCEPTOR = 61001;
const TOLERATED_ACCEPTOR = 61004;
const FILES = ['db.ts', 'main.ts', 'server.ts', 'tools.ts'];

function emitterName(tool: string, label: string): string {
  return label === '' ? tool : `${tool} (${label})`;
}

describe('agent-contract/ts-plugin in tsserver, on examples/helpdesk', () => {
  let folder: string;
  let server: TsServer;
  let report: AuditReport;
  const file = (name: string) => path.join(folder, 'src', name);
  const relative = (absolute: string) => path.relative(folder, absolute).split(path.sep).join('/');

  async function ownDiagnostics(name: string, code: number): Promise<ServerDiagnostic[]> {
    return (await server.semanticDiagnostics(file(name))).filter((found) => found.code === code);
  }

  beforeAll(() => {
    if (!existsSync(path.join(repositoryRoot, 'dist/ts-plugin/index.cjs')))
      throw new Error('dist/ts-plugin/index.cjs is missing: run npm run build first');
    folder = projectFolder('test/ts-plugin/fixtures/helpdesk', 'examples/helpdesk/src');
    report = audit(folder).report;
    server = new TsServer();
    for (const name of FILES) server.open(file(name));
  });

  afterAll(async () => {
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it("errs at each broken acceptor with the audit's broken chains into it as related information", async () => {
    const expected = report.chains
      .filter((chain) => chain.status === 'broken')
      .map(
        (chain) =>
          `${chain.to.file}:${chain.to.line} <- ${emitterName(chain.from.tool, chain.from.path)} @ ${chain.from.file}:${chain.from.line}`,
      )
      .sort();
    const found: string[] = [];
    for (const name of FILES) {
      for (const diagnostic of await ownDiagnostics(name, BROKEN_ACCEPTOR)) {
        expect(diagnostic.category).toBe('error');
        // The first related information is the whole finding, the emitters follow.
        for (const other of (diagnostic.relatedInformation ?? []).filter((entry) =>
          / emits the id here, as /.test(entry.message),
        )) {
          const emitter = other.message.replace(/ emits the id here, as .+$/, '');
          found.push(
            `src/${name}:${diagnostic.start.line} <- ${emitter} @ ${relative(other.span?.file ?? '')}:${other.span?.start.line}`,
          );
        }
      }
    }
    expect(expected.length).toBe(45);
    expect(found.sort()).toEqual(expected);
  });

  it('gives emitters no diagnostic, one diagnostic per position, and messages of at most 160 characters', async () => {
    const emitters = new Set(
      report.chains
        .filter((chain) => chain.status === 'broken')
        .map((chain) => `${chain.from.file}:${chain.from.line}`),
    );
    let count = 0;
    for (const name of FILES) {
      const ours = [
        ...(await server.semanticDiagnostics(file(name))),
        ...(await server.suggestionDiagnostics(file(name))),
      ].filter((found) => found.source === 'agent-contract');
      count += ours.length;
      const positions = ours.map((found) => `${found.start.line}:${found.start.offset}`);
      expect(new Set(positions).size).toBe(positions.length);
      for (const found of ours) {
        expect(found.text.length).toBeLessThanOrEqual(160);
        if (found.category === 'error') expect(emitters.has(`src/${name}:${found.start.line}`)).toBe(false);
      }
    }
    expect(count).toBeGreaterThan(0);
  });

  it("words an acceptor's error with the model's verdict sentence, at the field's name", async () => {
    const [customer] = (await ownDiagnostics('tools.ts', BROKEN_ACCEPTOR)).filter((found) =>
      found.text.startsWith('get_customer.customerId '),
    );
    const line = readFileSync(file('tools.ts'), 'utf8').split('\n')[(customer?.start.line ?? 0) - 1] ?? '';
    expect(line.slice((customer?.start.offset ?? 0) - 1, (customer?.end.offset ?? 0) - 1)).toBe('customerId');
    expect(customer?.text).toBe(
      'get_customer.customerId rejects the customer id list_tickets, create_ticket, get_ticket_context and 2 more emit: wrap it in guardId(...)',
    );
    expect(customer?.relatedInformation?.[0]?.message).toBe(
      `broken chain: customerId of get_customer rejects the customer id list_tickets (tickets[].customerId), create_ticket (customerId), get_ticket_context (ticket.customerId) and 3 more emit (emits number, accepts only string); ${CHAIN_VERDICT_MEANING.broken}. Wrap the schema in guardId(...): the published schema stays the same.`,
    );
    expect(customer?.source).toBe('agent-contract');
  });

  it('fixes an acceptor with the edit the guard-ids codemod makes, and every chain is tolerated after the fixes', async () => {
    const original = readFileSync(file('tools.ts'), 'utf8');
    let text = original;
    for (let round = 0; round < 20; round += 1) {
      const [next] = await ownDiagnostics('tools.ts', BROKEN_ACCEPTOR);
      if (next === undefined) break;
      const fixes = await server.codeFixes(file('tools.ts'), next);
      expect(fixes.map((fix) => fix.fixName)).toEqual(['agentContractGuardId']);
      const [fix] = fixes;
      if (fix === undefined) break;
      expect(fix.changes.map((change) => change.fileName)).toEqual([file('tools.ts')]);
      text = applyEdits(text, fix.changes[0]?.textChanges ?? []);
      server.applyFix(fix);
    }
    expect(text).not.toBe(original);
    expect(text).toBe(guardIdsTransform(original, file('tools.ts')));
    for (const name of FILES) {
      expect(await ownDiagnostics(name, BROKEN_ACCEPTOR)).toEqual([]);
    }
    const tolerated = (await server.suggestionDiagnostics(file('tools.ts'))).filter(
      (found) => found.code === TOLERATED_ACCEPTOR,
    );
    // Each diagnostic's first related information is the whole finding; the rest are the emitters.
    const chainsInto = tolerated.reduce((sum, found) => sum + (found.relatedInformation?.length ?? 1) - 1, 0);
    expect(chainsInto).toBe(report.summary.broken);
    expect(tolerated.every((found) => found.category === 'suggestion')).toBe(true);
    expect(tolerated[0]?.relatedInformation?.[0]?.message).toContain(`; ${CHAIN_VERDICT_MEANING.tolerated}.`);
  });
});

describe('the plugin bundle', () => {
  it('loads no TypeScript of its own: it reads with the copy of the server that loaded it', () => {
    const bundle = readFileSync(path.join(repositoryRoot, 'dist/ts-plugin/index.cjs'), 'utf8');
    expect(bundle).not.toMatch(/require\(["']typescript["']\)|from ["']typescript["']/);
    expect(bundle).toContain('useTypeScript(modules.typescript)');
  });
});

describe('agent-contract/ts-plugin when it cannot read the project', () => {
  it("answers with TypeScript's own diagnostics and logs the failure once", async () => {
    const folder = projectFolder('test/ts-plugin/fixtures/bad-config', 'examples/helpdesk/src');
    const server = new TsServer();
    try {
      const tools = path.join(folder, 'src', 'tools.ts');
      server.open(tools);
      const first = await server.semanticDiagnostics(tools);
      const second = await server.semanticDiagnostics(tools);
      expect(first.filter((found) => found.source === 'agent-contract')).toEqual([]);
      expect(second).toEqual(first);
      const log = readFileSync(server.logFile, 'utf8');
      const failures = log
        .split('\n')
        .filter((line) => line.includes('agent-contract/ts-plugin: no chain diagnostics'));
      expect(failures).toHaveLength(1);
      expect(failures[0]).toContain('agent-contract.config.json: not valid JSON');
    } finally {
      await server.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
