import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import type { Codemod } from '../../codemods/codemod.ts';
import { dispositions } from '../../codemods/dispositions.ts';
import { guardIds } from '../../codemods/guard-ids.ts';
import { runCodemod } from '../../codemods/runner/run-codemod.ts';
import plugin from '../../eslint-plugin/index.ts';
import { audit, type AuditReport } from '../../src/audit/audit.ts';
import { contractChainMatrix, type ContractChainMatrix } from '../../src/contract/chains.ts';
import type { McpContract } from '../../src/contract/contract-types.ts';
import { snapshotServer } from '../../src/contract/snapshot.ts';
import type { ChainVerdict } from '../../src/model/chain-matrix.ts';
import { formatPath } from '../../src/model/ids.ts';
import {
  connectInMemory,
  runLiteralConsumer,
  type ChainReport,
  type ConsumerSamples,
} from '../../src/testing/index.ts';
import helpdeskSamples from '../../examples/helpdesk/samples.json' with { type: 'json' };
import { repoRoot } from '../support/run-cli.ts';
import { agentContractRules, typedESLint } from '../support/typed-eslint.ts';

/**
 * The front ends on the repository's own examples. A copy of each, as written and after each order of the two
 * codemods (through the codemod runner: guard-ids needs the project's cross-file facts to see that video-runs'
 * `getRunShape`, declared in tools.ts, is registered as an input in server.ts), is read by the audit, the three id
 * lint rules, the live literal consumer and `contract chains` on a snapshot of the running server. They must give
 * every id acceptor field the same verdict, and the verdicts must be the ones the example as written predicts: what
 * was broken is tolerated once guard-ids ran, and nothing else moves.
 */

type CodemodName = 'guard-ids' | 'dispositions';

const CODEMODS: Record<CodemodName, Codemod<object>> = { 'guard-ids': guardIds, dispositions };

const ORDERS: readonly (readonly CodemodName[])[] = [
  [],
  ['guard-ids'],
  ['dispositions'],
  ['guard-ids', 'dispositions'],
  ['dispositions', 'guard-ids'],
];

interface Example {
  /** Builds the server from the modules of a runnable copy. */
  readonly createServer: (folder: string) => Promise<McpServer>;
  readonly samples?: ConsumerSamples;
  /** Unguarded acceptors the lint rules without type information cannot see from the file that declares them (asserted, so a change shows); with type information they see them all. */
  readonly outOfLintSight: readonly string[];
}

async function importFrom<T>(folder: string, file: string): Promise<T> {
  return (await import(pathToFileURL(path.join(folder, file)).href)) as T;
}

const EXAMPLES: Record<string, Example> = {
  helpdesk: {
    async createServer(folder) {
      const { createHelpdeskServer } = await importFrom<typeof import('../../examples/helpdesk/src/server.ts')>(
        folder,
        'server.ts',
      );
      const { openHelpdeskDb } = await importFrom<typeof import('../../examples/helpdesk/src/db.ts')>(folder, 'db.ts');
      return createHelpdeskServer({ db: openHelpdeskDb() });
    },
    samples: helpdeskSamples,
    outOfLintSight: [],
  },
  'video-runs': {
    async createServer(folder) {
      const { createVideoServer } = await importFrom<typeof import('../../examples/video-runs/src/server.ts')>(
        folder,
        'server.ts',
      );
      return createVideoServer();
    },
    // get_run is harvested with the run id the harvest's make_video call starts, as an agent would pass it, so the
    // run id its result carries is seen live as the audit sees it in source.
    samples: { tools: { get_run: { run_id: 'run_1' } } },
    // getRunShape is an exported const registered in server.ts: in tools.ts nothing shows it is a tool input.
    outOfLintSight: ['get_run.run_id'],
  },
};

const LINT_RULES = ['prefer-guarded-id', 'no-id-union', 'no-unguarded-coerce'] as const;
/** The rule that reports an acceptor of each audit type while it is not guarded. */
const RULE_OF_TYPE: Readonly<Record<string, (typeof LINT_RULES)[number]>> = {
  string: 'prefer-guarded-id',
  'string-or-number': 'no-id-union',
  coerced: 'no-unguarded-coerce',
};

/** One state of an example's src/: file name -> text. */
type Files = ReadonlyMap<string, string>;

/** What the four front ends say about one state. */
interface Views {
  readonly report: AuditReport;
  /** `src/tools.ts:92 prefer-guarded-id customerId` */
  readonly linted: readonly string[];
  /** The same rules with type information (typescript-eslint's project service on the copy's tsconfig). */
  readonly typedLinted: readonly string[];
  readonly kit: ChainReport;
  readonly matrix: ContractChainMatrix;
}

/** `list_tickets tickets[].id -> get_ticket_context.ticketId`, with the emitting tool and the acceptor apart. */
interface Chain {
  readonly key: string;
  readonly from: string;
  readonly to: string;
  readonly verdict: ChainVerdict;
}

function chain(fromTool: string, fromPath: string, toTool: string, toField: string, verdict: ChainVerdict): Chain {
  return {
    key: `${fromTool} ${fromPath} -> ${toTool}.${toField}`,
    from: fromTool,
    to: `${toTool}.${toField}`,
    verdict,
  };
}

function lines(chains: readonly Chain[]): string[] {
  return chains.map((entry) => `${entry.key}: ${entry.verdict}`).sort();
}

function counts(chains: readonly Chain[]): Record<ChainVerdict, number> {
  const count = (verdict: ChainVerdict) => chains.filter((entry) => entry.verdict === verdict).length;
  return {
    ok: count('ok'),
    tolerated: count('tolerated'),
    broken: count('broken'),
    unknown: count('unknown'),
    suspect: count('suspect'),
  };
}

const folders: string[] = [];
const servers: Promise<unknown>[] = [];
afterAll(async () => {
  await Promise.allSettled(servers);
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** `src/tools.ts:92 prefer-guarded-id customerId`: a rule's report, by the field its message names. */
function findingOf(file: string, message: Linter.LintMessage): string {
  expect(message.ruleId, message.message).not.toBeNull();
  const field = /^`([^`]+)`/.exec(message.message)?.[1];
  return `src/${file}:${message.line} ${message.ruleId?.replace('agent-contract/', '')} ${field}`;
}

function lintFindings(folder: string, files: Files): string[] {
  const linter = new Linter({ configType: 'flat' });
  const rules = Object.fromEntries(LINT_RULES.map((rule) => [`agent-contract/${rule}`, 'error' as const]));
  const config: Linter.Config[] = [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tsParser as Linter.Parser },
      plugins: { 'agent-contract': plugin as never },
      rules,
    },
  ];
  return [...files].flatMap(([name, text]) =>
    linter.verify(text, config, path.join(folder, 'src', name)).map((message) => findingOf(name, message)),
  );
}

/** The same rules with typed linting, as a project on `recommended-type-checked` runs them: they see across files. */
async function typedLintFindings(folder: string, files: Files): Promise<string[]> {
  const rules = Object.fromEntries(LINT_RULES.map((rule) => [`agent-contract/${rule}`, 'error' as const]));
  const eslint = typedESLint(folder, [agentContractRules(rules)]);
  const results = await eslint.lintFiles([...files.keys()].map((name) => path.join(folder, 'src', name)));
  return results.flatMap((result) =>
    result.messages.map((message) => findingOf(path.basename(result.filePath), message)),
  );
}

/**
 * What the lint rules must report of the acceptors the audit lists, in the same form: each unguarded one, by the rule
 * for its kind, at its line. The rules read one file at a time: an acceptor declared in a file that shows neither its
 * tool nor a role for its shape is out of their sight, as the rule's page says.
 */
function expectedLintFindings(report: AuditReport): { reported: string[]; outOfSight: string[]; typed: string[] } {
  const reported: string[] = [];
  const outOfSight: string[] = [];
  const typed: string[] = [];
  for (const acceptor of report.acceptors) {
    const rule = RULE_OF_TYPE[acceptor.type];
    if (rule === undefined) continue;
    const tool = report.tools.find((candidate) => candidate.name === acceptor.tool);
    const finding = `${acceptor.file}:${acceptor.line} ${rule} ${acceptor.field.split('.').at(-1)}`;
    typed.push(finding);
    if (tool?.file === acceptor.file) reported.push(finding);
    else outOfSight.push(`${acceptor.tool}.${acceptor.field}`);
  }
  return { reported: reported.sort(), outOfSight: outOfSight.sort(), typed: [...new Set(typed)].sort() };
}

/**
 * The states of one example, each written once to a folder of its own under the repository's .tmp/ (three levels
 * down, as the example is, so its relative imports of this repository's sources stay valid), with a tsconfig that
 * gives its files the repository's compiler options. The codemods and the views are functions of the files: an order
 * that writes the very bytes another one wrote is read once.
 */
class ExampleStates {
  private readonly folders = new Map<string, string>();
  private readonly steps = new Map<string, Promise<Files>>();
  private readonly views = new Map<string, Promise<Views>>();

  constructor(private readonly example: string) {}

  written(): Files {
    const source = path.join(repoRoot, 'examples', this.example, 'src');
    const names = readdirSync(source)
      .filter((name) => name.endsWith('.ts'))
      .sort();
    return new Map(names.map((name) => [name, readFileSync(path.join(source, name), 'utf8')]));
  }

  private folderOf(files: Files): string {
    const key = JSON.stringify([...files]);
    let folder = this.folders.get(key);
    if (folder === undefined) {
      folder = path.join(repoRoot, '.tmp', `examples-matrix-${process.pid}-${this.example}-${this.folders.size}`);
      mkdirSync(path.join(folder, 'src'), { recursive: true });
      folders.push(folder);
      const tsconfig = { extends: '../../tsconfig.json', include: ['src'], exclude: [] };
      writeFileSync(path.join(folder, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
      for (const [name, text] of files) writeFileSync(path.join(folder, 'src', name), text);
      this.folders.set(key, folder);
    }
    return folder;
  }

  /** The files after `codemod` ran over them with the runner, as `agent-contract codemod <name>` runs it. */
  apply(files: Files, name: CodemodName): Promise<Files> {
    const key = `${name} ${JSON.stringify([...files])}`;
    let step = this.steps.get(key);
    if (step === undefined) {
      const folder = this.folderOf(files);
      step = runCodemod({
        codemod: CODEMODS[name],
        options: {},
        targets: [...files.keys()].map((file) => path.join(folder, 'src', file)),
        write: false,
      }).then((run) => {
        expect(run.files.filter((file) => file.status === 'error')).toEqual([]);
        const next = new Map(files);
        for (const file of run.files) if (file.output !== undefined) next.set(path.basename(file.path), file.output);
        return next;
      });
      this.steps.set(key, step);
    }
    return step;
  }

  viewsOf(files: Files): Promise<Views> {
    const key = JSON.stringify([...files]);
    let views = this.views.get(key);
    if (views === undefined) {
      views = this.read(files);
      this.views.set(key, views);
    }
    return views;
  }

  private async read(files: Files): Promise<Views> {
    const folder = this.folderOf(files);
    const example = EXAMPLES[this.example] as Example;
    // The runnable copy: the same files, with `agent-contract` taken from this repository's sources.
    const runnable = path.join(`${folder}-run`, 'src');
    mkdirSync(runnable, { recursive: true });
    folders.push(path.dirname(runnable));
    const entry = path
      .relative(runnable, path.join(repoRoot, 'src', 'index.ts'))
      .split(path.sep)
      .join('/');
    for (const [name, text] of files)
      writeFileSync(path.join(runnable, name), text.replaceAll("from 'agent-contract'", `from '${entry}'`));

    // (d) The snapshot starts the server as `contract snapshot` does, probe included. Its contract is taken as soon
    // as it is built; the server ends meanwhile (awaited after all tests). The server boots while the kit runs and
    // the audit reads.
    let contractBuilt: (contract: McpContract) => void = () => undefined;
    const built = new Promise<McpContract>((resolve) => (contractBuilt = resolve));
    const snapshot = snapshotServer(
      {
        kind: 'stdio',
        command: process.execPath,
        args: ['--import', 'tsx', path.join(runnable, 'main.ts')],
        cwd: repoRoot,
      },
      { timeoutMs: 60_000, onContract: (contract) => contractBuilt(contract) },
    );
    servers.push(snapshot);
    const contract = Promise.race([built, snapshot.then((done) => done.contract)]);
    // (c) The literal consumer calls the running copy in process.
    const connection = await connectInMemory(await example.createServer(runnable));
    let kit: ChainReport;
    try {
      kit = await runLiteralConsumer({
        client: connection.client,
        ...(example.samples === undefined ? {} : { samples: example.samples }),
      });
    } finally {
      await connection.close();
    }
    // (a) The audit reads the written files, (b) the lint rules each file.
    const { report } = audit(folder);
    const linted = lintFindings(folder, files).sort();
    const typedLinted = (await typedLintFindings(folder, files)).sort();
    return { report, linted, typedLinted, kit, matrix: contractChainMatrix(await contract) };
  }
}

describe.each(Object.keys(EXAMPLES))('examples/%s', (example) => {
  const states = new ExampleStates(example);
  const { outOfLintSight } = EXAMPLES[example] as Example;

  it.each(ORDERS.map((order) => [order.join(' then ') || 'as written', order] as const))(
    '%s: the audit, the lint rules, the literal consumer and contract chains agree on every id acceptor',
    async (_, order) => {
      let files = states.written();
      for (const name of order) files = await states.apply(files, name);
      const guarded = order.includes('guard-ids');
      if (guarded) expect([...files.values()].some((text) => text.includes('guardId('))).toBe(true);
      const { report, linted, typedLinted, kit, matrix } = await states.viewsOf(files);
      const baseline = (await states.viewsOf(states.written())).report;

      // (a) The audit: the verdicts the example as written predicts, guard-ids turning broken into tolerated.
      expect(report.project.parseErrors).toEqual([]);
      const audited = report.chains.map((entry) =>
        chain(entry.from.tool, entry.from.path, entry.to.tool, entry.to.field, entry.status),
      );
      const expected = baseline.chains.map((entry) =>
        chain(
          entry.from.tool,
          entry.from.path,
          entry.to.tool,
          entry.to.field,
          guarded && entry.status === 'broken' ? 'tolerated' : entry.status,
        ),
      );
      expect(lines(audited)).toEqual(lines(expected));
      const acceptorFields = report.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field}`).sort();
      expect(acceptorFields).toEqual(baseline.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field}`).sort());
      // Every acceptor field is at the end of some chain, so each has verdicts to agree on.
      expect([...new Set(audited.map((entry) => entry.to))].sort()).toEqual([...new Set(acceptorFields)]);
      if (guarded) expect(report.acceptors.filter((acceptor) => acceptor.type !== 'guarded')).toEqual([]);

      // (b) The lint rules: every unguarded acceptor in their sight is reported at its line by the rule for its kind,
      // and nothing else is; after guard-ids, no acceptor is unguarded.
      const { reported, outOfSight, typed } = expectedLintFindings(report);
      expect(linted).toEqual(reported);
      // With type information nothing is out of their sight: every unguarded acceptor, wherever its tool is registered.
      expect(typedLinted).toEqual(typed);
      if (guarded) expect([...linted, ...outOfSight]).toEqual([]);
      else {
        expect(outOfSight).toEqual(outOfLintSight);
        expect(reported.length + outOfSight.length).toBe(acceptorFields.length);
      }

      // (c) The literal consumer: the same acceptors, and every chain with the audit's verdict.
      const consumed = kit.chains.map((entry) =>
        chain(entry.from.tool, entry.from.path, entry.to.tool, entry.to.field, entry.verdict),
      );
      expect(kit.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field}`).sort()).toEqual(acceptorFields);
      expect(lines(consumed)).toEqual(lines(audited));
      // What the server's validation did with each id as it was emitted: it rejected exactly the broken chains.
      expect(
        kit.chains
          .filter((entry) => entry.status === 'rejected')
          .map((entry) => `${entry.from.tool} ${entry.from.path} -> ${entry.to.tool}.${entry.to.field}`)
          .sort(),
      ).toEqual(
        consumed
          .filter((entry) => entry.verdict === 'broken')
          .map((entry) => entry.key)
          .sort(),
      );

      // (d) contract chains on the snapshot: it sees every acceptor and the emitters of the tools with an
      // outputSchema; there it says what the audit and the kit say, chain for chain and class for class.
      const contracted = matrix.chains.map((entry) =>
        chain(
          entry.from.tool,
          formatPath(entry.from.field.path),
          entry.to.tool,
          formatPath(entry.to.field.path),
          entry.verdict,
        ),
      );
      const unseen = new Set(matrix.toolsWithoutOutputSchema);
      const seen = (chains: readonly Chain[]) => chains.filter((entry) => !unseen.has(entry.from));
      expect(matrix.acceptance).toBe('recorded');
      expect(matrix.summary.acceptors).toBe(acceptorFields.length);
      expect(lines(contracted)).toEqual(lines(seen(audited)));
      expect(counts(contracted)).toEqual(counts(seen(audited)));
      expect(counts(contracted)).toEqual(counts(seen(consumed)));

      // The matrix can fail: the helpdesk as written breaks chains, and none stays broken once guarded.
      const tally = counts(audited);
      if (example === 'helpdesk') {
        if (guarded) expect(tally.broken).toBe(0);
        else expect(tally.broken).toBeGreaterThan(0);
        expect(counts(seen(audited)).broken).toBe(guarded ? 0 : seen(audited).length);
      } else {
        // video-runs emits its run ids as strings: every chain is ok, guarded or not.
        expect(tally).toEqual({ ok: audited.length, tolerated: 0, broken: 0, unknown: 0, suspect: 0 });
        expect(audited.length).toBeGreaterThan(0);
      }
    },
  );
});
