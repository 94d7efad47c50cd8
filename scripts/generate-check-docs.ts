/**
 * Writes the table of docs/checks.md from the checks table of src/model/checks.ts, between its markers. `--check`
 * writes nothing and exits 1 when the page is stale; test/model/checks.test.ts runs the same check.
 *
 *   npx tsx scripts/generate-check-docs.ts          # write
 *   npx tsx scripts/generate-check-docs.ts --check  # verify
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CHECK_IDS, CHECKS, type CheckKind } from '../src/model/checks.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CHECKS_PAGE = join(ROOT, 'docs', 'checks.md');
const BEGIN = '<!-- begin auto-generated checks table -->';
const END = '<!-- end auto-generated checks table -->';

const WHERE: Record<CheckKind, string> = {
  chain: 'audit',
  finding: 'audit',
  lint: 'ESLint',
  contract: 'contract diff',
};

function whereOf(id: (typeof CHECK_IDS)[number]): string {
  const check = CHECKS[id];
  const lint = check.doc.startsWith('eslint-plugin/docs/rules/') && check.kind === 'finding';
  return `${WHERE[check.kind]}${lint ? ', ESLint' : ''}${check.editorCode === undefined ? '' : ', editor'}`;
}

/** The table as the page holds it; links are relative to docs/. */
export function renderChecksTable(): string {
  const rows = CHECK_IDS.map((id) => {
    const check = CHECKS[id];
    const link = check.doc.startsWith('docs/') ? check.doc.slice('docs/'.length) : `../${check.doc}`;
    const summary = check.summary.replace(/\|/g, '\\|');
    return `| \`${id}\` | ${whereOf(id)} | ${check.severity} | ${summary} | [doc](${link}) |`;
  });
  return [
    BEGIN,
    '',
    '| check | reported by | severity | what it finds | doc |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    END,
  ].join('\n');
}

/** The page with a fresh table, or undefined when its markers are missing. */
export function renderedChecksPage(): { current: string; fresh: string | undefined } {
  const current = readFileSync(CHECKS_PAGE, 'utf8');
  const start = current.indexOf(BEGIN);
  const end = current.indexOf(END);
  if (start === -1 || end === -1) return { current, fresh: undefined };
  return { current, fresh: `${current.slice(0, start)}${renderChecksTable()}${current.slice(end + END.length)}` };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { current, fresh } = renderedChecksPage();
  if (fresh === undefined) {
    process.stderr.write(
      `docs/checks.md: the markers ${BEGIN} and ${END} are missing; put them back around the table\n`,
    );
    process.exit(2);
  }
  if (process.argv.includes('--check')) {
    if (fresh !== current) {
      process.stderr.write('docs/checks.md is stale; run npx tsx scripts/generate-check-docs.ts\n');
      process.exit(1);
    }
  } else if (fresh !== current) writeFileSync(CHECKS_PAGE, fresh);
}
