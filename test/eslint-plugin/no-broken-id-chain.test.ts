import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { guardIdsTransform } from '../../codemods/guard-ids.ts';
import plugin from '../../eslint-plugin/index.ts';
import rule from '../../eslint-plugin/rules/no-broken-id-chain.ts';
import { audit, type AuditChain } from '../../src/audit/audit.ts';
import { projectFolder } from '../support/tsserver.ts';
import { typedESLint } from '../support/typed-eslint.ts';
import { typedRuleTester } from './rule-tester.ts';

/**
 * The rule on a small real project (test/eslint-plugin/fixtures/no-broken-id-chain, type-checked by its tsconfig):
 * each case lints one of its files as it is on disk, with the program typescript-eslint's project service builds.
 */

const FIXTURES = join(import.meta.dirname, 'fixtures', 'no-broken-id-chain');
const fixture = (name: string) => ({
  filename: join(FIXTURES, name),
  code: readFileSync(join(FIXTURES, name), 'utf8'),
});

// The suggestion adds the import after the last one, in the file's own quote and semicolon style.
const SERVER_IMPORT = "import { json, server } from './server.ts';\n";
const orders = fixture('orders.ts');
const ORDER_FIELD = "orderId: z.string().min(1).describe('The order id, as returned by create_order')";
const guardedOrders = orders.code
  .replace(SERVER_IMPORT, `${SERVER_IMPORT}import { guardId } from 'agent-contract';\n`)
  .replace(ORDER_FIELD, "orderId: guardId(z.string().min(1).describe('The order id, as returned by create_order'))");

const invoiceAcceptor = fixture('invoices-accept.ts');
const guardedInvoiceAcceptor = invoiceAcceptor.code
  .replace(SERVER_IMPORT, `${SERVER_IMPORT}import { guardId } from 'agent-contract';\n`)
  .replace('invoiceId: z.string()', 'invoiceId: guardId(z.string())');

typedRuleTester(FIXTURES).run('no-broken-id-chain', rule, {
  valid: [
    // String ids into plain strings, and number ids into a guarded acceptor (a tolerated chain).
    fixture('accounts.ts'),
    // The tools and the server, without an acceptor of their own in the file.
    fixture('server.ts'),
    // The emitter's file: the chain it breaks is reported at the acceptor, in the other file.
    fixture('invoices-emit.ts'),
  ],
  invalid: [
    // First: checking a suggestion lints its output, and the project service then holds that text for the file, so
    // after the invoice acceptor's case pay_invoice would be guarded for the rest of the run.
    {
      ...fixture('invoices-emit.ts'),
      options: [{ importFrom: 'agent-contract', emitters: true }],
      errors: [{ messageId: 'brokenEmitter', line: 6, suggestions: [] }],
    },
    {
      ...orders,
      errors: [
        {
          messageId: 'brokenAcceptor',
          line: 13,
          column: 20,
          endLine: 13,
          endColumn: 27,
          suggestions: [{ messageId: 'wrapInGuard', output: guardedOrders }],
        },
      ],
    },
    {
      ...invoiceAcceptor,
      errors: [
        {
          messageId: 'brokenAcceptor',
          line: 5,
          column: 53,
          suggestions: [{ messageId: 'wrapInGuard', output: guardedInvoiceAcceptor }],
        },
      ],
    },
    {
      ...orders,
      options: [{ importFrom: '#ids', emitters: false }],
      errors: [
        {
          messageId: 'brokenAcceptor',
          line: 13,
          suggestions: [{ messageId: 'wrapInGuard', output: guardedOrders.replace("'agent-contract'", "'#ids'") }],
        },
      ],
    },
  ],
});

describe('no-broken-id-chain messages', () => {
  it('names the field, its tool, the entity and the emitters, in one sentence', () => {
    const [message] = typedLint(orders.filename, orders.code);
    expect(message?.message).toBe(
      'Broken chain: `orderId` of get_order rejects the order id create_order emits as number.',
    );
    expect(message?.suggestions?.map((suggestion) => suggestion.desc)).toEqual([
      'Wrap `orderId` of get_order in guardId(...).',
    ]);
  });

  it('stops with the type-information error without parserOptions.projectService', () => {
    const messages = new Linter({ configType: 'flat' });
    expect(() =>
      messages.verify(
        orders.code,
        [
          {
            files: ['**/*.ts'],
            languageOptions: { parser: tseslint.parser as Linter.Parser },
            plugins: { 'agent-contract': plugin as never },
            rules: { 'agent-contract/no-broken-id-chain': 'error' },
          },
        ],
        orders.filename,
      ),
    ).toThrow(/You have used a rule which requires type information/);
  });
});

function typedLint(filename: string, code: string): Linter.LintMessage[] {
  return new Linter({ configType: 'flat' }).verify(
    code,
    [
      {
        files: ['**/*.ts'],
        languageOptions: {
          parser: tseslint.parser as Linter.Parser,
          parserOptions: { projectService: true, tsconfigRootDir: FIXTURES },
        },
        plugins: { 'agent-contract': plugin as never },
        rules: { 'agent-contract/no-broken-id-chain': 'error' },
      },
    ],
    filename,
  );
}

/** A chain as its two ends, `tool field -> tool field` (the lines move: the guard's import adds one). */
function chainKey(chain: AuditChain): string {
  return `${chain.from.tool} ${chain.from.path} -> ${chain.to.tool} ${chain.to.field}`;
}

describe('no-broken-id-chain on examples/helpdesk', () => {
  // A project of its own (the example's sources and a tsconfig), so the program is the example's, not the repository's.
  const folder = projectFolder('test/ts-plugin/fixtures/helpdesk', 'examples/helpdesk/src');
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const linterWith = (agentContract: typeof plugin) =>
    typedESLint(folder, [
      agentContract.configs['recommended-type-checked'] as Linter.Config,
      { rules: { 'agent-contract/no-broken-id-chain': ['error', { emitters: true }] } },
    ]);
  const eslint = linterWith(plugin);

  const chainMessages = (results: ESLint.LintResult[]) =>
    results.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === 'agent-contract/no-broken-id-chain')
        .map((message) => ({ ...message, file: relative(folder, result.filePath).split(sep).join('/') })),
    );
  const before = audit(folder).report;
  const broken = before.chains.filter((chain) => chain.status === 'broken');

  it("reports exactly the audit's broken acceptors, each naming the tools that emit into it", async () => {
    const reports = chainMessages(await eslint.lintFiles(['src/**/*.ts'])).filter((message) =>
      message.message.includes(' rejects the '),
    );
    const acceptors = new Map<string, Set<string>>();
    for (const chain of broken) {
      const key = `${chain.to.file}:${chain.to.line} \`${chain.to.field}\` of ${chain.to.tool}`;
      acceptors.set(key, (acceptors.get(key) ?? new Set()).add(chain.from.tool));
    }
    const expected = [...acceptors].map(([key, tools]) => {
      const names = [...tools];
      const shown =
        names.length <= 2 ? names.join(' and ') : `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`;
      return `${key} ${shown}`;
    });
    const found = reports.map((message) => {
      const [, field, emitters] =
        /^Broken chain: (`\S+` of \S+) rejects the \S+ id (.+) emits? as /.exec(message.message) ?? [];
      return `${message.file}:${message.line} ${field} ${emitters}`;
    });
    expect(broken).toHaveLength(45);
    expect(found.sort()).toEqual(expected.sort());
  });

  it("reports at each emitted id the audit's broken chains start from", async () => {
    const found = chainMessages(await eslint.lintFiles(['src/**/*.ts']))
      .filter((message) => message.message.includes(' which '))
      .map(
        (message) => `${message.file}:${message.line} ${/^Broken chain: (.+?) emits the /.exec(message.message)?.[1]}`,
      );
    const expected = new Set(
      broken.map((chain) => `${chain.from.file}:${chain.from.line} ${chain.from.tool} (${chain.from.path})`),
    );
    expect(found.sort()).toEqual([...expected].sort());
  });

  it("gives the same reports from the built plugin, which reads with typescript-eslint's TypeScript", async () => {
    // The package's bundle: no ES import of typescript (a scan of its 9 MB CommonJS file), the parser's copy instead.
    const bundle = join(import.meta.dirname, '../../dist/eslint-plugin/index.js');
    expect(readFileSync(bundle, 'utf8')).not.toMatch(/from\s*["']typescript["']|import\(\s*["']typescript["']\s*\)/);
    const built = ((await import(bundle)) as { default: typeof plugin }).default;
    const shown = (results: ESLint.LintResult[]) =>
      chainMessages(results).map((message) => `${message.file}:${message.line}:${message.column} ${message.message}`);
    const fromSource = shown(await eslint.lintFiles(['src/**/*.ts']));
    expect(fromSource.length).toBeGreaterThan(0);
    expect(shown(await linterWith(built).lintFiles(['src/**/*.ts']))).toEqual(fromSource);
  });

  it('turns every broken chain tolerated once each suggestion is applied, with the edit guard-ids makes', async () => {
    const file = join(folder, 'src', 'tools.ts');
    const original = readFileSync(file, 'utf8');
    let text = original;
    for (let round = 0; round < 20; round += 1) {
      const [next] = chainMessages(await eslint.lintText(text, { filePath: file })).filter(
        (message) => message.suggestions !== undefined && message.suggestions.length > 0,
      );
      const fix = next?.suggestions?.[0]?.fix;
      if (fix === undefined) break;
      text = `${text.slice(0, fix.range[0])}${fix.text}${text.slice(fix.range[1])}`;
    }
    expect(text).not.toBe(original);
    expect(text).toBe(guardIdsTransform(original, file));
    writeFileSync(file, text);
    expect(chainMessages(await eslint.lintText(text, { filePath: file }))).toEqual([]);
    const after = audit(folder).report;
    expect(after.summary.broken).toBe(0);
    const tolerated = after.chains.filter((chain) => chain.status === 'tolerated').map(chainKey);
    expect(tolerated.sort()).toEqual(broken.map(chainKey).sort());
  });
});
