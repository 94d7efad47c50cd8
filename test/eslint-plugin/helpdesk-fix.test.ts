import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import plugin from '../../eslint-plugin/index.ts';
import { openHelpdeskDb } from '../../examples/helpdesk/src/db.ts';
import { createHelpdeskServer } from '../../examples/helpdesk/src/server.ts';
import type { HelpdeskTool } from '../../examples/helpdesk/src/tools.ts';
import samples from '../../examples/helpdesk/samples.json' with { type: 'json' };
import { connectInMemory, runLiteralConsumer, toolsListWire } from '../../src/testing/index.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const SHIPPED = join(ROOT, 'examples', 'helpdesk', 'src');

// Inside the repository (gitignored), so the copy resolves `zod` and `agent-contract` exactly as the example does.
mkdirSync(join(ROOT, '.tmp'), { recursive: true });
const work = mkdtempSync(join(ROOT, '.tmp', 'helpdesk-fix-'));
cpSync(SHIPPED, join(work, 'src'), { recursive: true });
afterAll(() => rmSync(work, { recursive: true, force: true }));

function strictLinter(fix: boolean): ESLint {
  return new ESLint({
    cwd: work,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
      plugin.configs.strict as never,
    ],
    fix,
  });
}

describe('eslint --fix with the strict config on examples/helpdesk', () => {
  it('guards every acceptor, and a second run finds nothing', async () => {
    const before = await strictLinter(false).lintFiles(['src/**/*.ts']);
    const reported = before.flatMap((result) => result.messages.map((message) => message.ruleId));
    expect(reported).toEqual(Array.from({ length: 8 }, () => 'agent-contract/prefer-guarded-id'));

    const fixed = await strictLinter(true).lintFiles(['src/**/*.ts']);
    await ESLint.outputFixes(fixed);
    expect(fixed.flatMap((result) => result.messages)).toEqual([]);
    const again = await strictLinter(true).lintFiles(['src/**/*.ts']);
    expect(again.flatMap((result) => result.messages)).toEqual([]);
    expect(again.every((result) => result.output === undefined)).toBe(true);

    const shipped = readFileSync(join(SHIPPED, 'tools.ts'), 'utf8');
    const text = readFileSync(join(work, 'src', 'tools.ts'), 'utf8');
    expect(text.match(/guardId\(z\.string\(\)/g)).toHaveLength(8);
    // Only the import and the eight wrappers changed: undo them and the shipped file comes back byte for byte.
    const undone = text
      .replace(
        "import { z } from 'zod';\nimport type { AgentRow, CustomerRow, HelpdeskDb, ReplyRow, TicketRow } from './db.ts';\nimport { guardId } from 'agent-contract';\n",
        "import { z } from 'zod';\nimport type { AgentRow, CustomerRow, HelpdeskDb, ReplyRow, TicketRow } from './db.ts';\n",
      )
      .replace(/guardId\((z\.string\(\)\.min\(1\)\.describe\('[^']*'\))\)/g, '$1');
    expect(undone).toBe(shipped);
  });

  it('publishes the same tools/list bytes and leaves no broken chain', async () => {
    const { helpdeskTools: fixedTools } = (await import(pathToFileURL(join(work, 'src', 'tools.ts')).href)) as {
      helpdeskTools: readonly HelpdeskTool[];
    };
    const shippedWire = await toolsListWire(createHelpdeskServer({ db: openHelpdeskDb() }));
    const fixedWire = await toolsListWire(createHelpdeskServer({ db: openHelpdeskDb(), tools: fixedTools }));
    expect(fixedWire).toBe(shippedWire);

    const connection = await connectInMemory(createHelpdeskServer({ db: openHelpdeskDb(), tools: fixedTools }));
    try {
      const report = await runLiteralConsumer({ client: connection.client, samples });
      expect(report.summary).toEqual({
        tools: 9,
        emitters: 21,
        acceptors: 8,
        chains: 46,
        ok: 44,
        rejected: 0,
        failed: 2,
      });
    } finally {
      await connection.close();
    }
  });
});
