import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { formatAuditSummary } from '../../src/audit/format-summary.ts';
import { formatAuditText } from '../../src/audit/format-text.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/handlerless-tools', import.meta.url));

describe('tools whose handler the reading did not find', () => {
  const { report } = audit(FIXTURE);

  it('names each of them in the text, where it is registered, with the way out', () => {
    const lines = formatAuditText(report, { cwd: FIXTURE }).split('\n');
    const start = lines.findIndex((line) => line.startsWith('Tools whose handler was not found'));
    expect(lines.slice(start, start + 3)).toEqual([
      'Tools whose handler was not found (1): nothing of what they return is known',
      '  get_project  src/server.ts:19',
      '  next: write each handler as a function, or a const holding one, that the registration names or hands to the wrapper it calls',
    ]);
  });

  it('names them in the pull-request summary too', () => {
    const summary = formatAuditSummary(report);
    expect(summary).toContain(
      '#### Tools whose handler was not found (1): nothing of what they return is known\n\n`get_project` (src/server.ts:19).\n',
    );
  });

  it('lists no tool whose emitted types were read another way (a dispatch by name, a serializer of definitions)', () => {
    const readElsewhere = {
      ...report,
      tools: report.tools.map((tool) => (tool.handler === undefined ? { ...tool, emits: 'typed' as const } : tool)),
    };
    expect(formatAuditText(readElsewhere, { cwd: FIXTURE })).not.toContain('Tools whose handler was not found');
    expect(formatAuditSummary(readElsewhere)).not.toContain('Tools whose handler was not found');
  });

  it('lists none when every handler was found', () => {
    const found = { ...report, tools: report.tools.filter((tool) => tool.handler !== undefined) };
    expect(formatAuditText(found, { cwd: FIXTURE })).not.toContain('Tools whose handler was not found');
    expect(formatAuditSummary(found)).not.toContain('Tools whose handler was not found');
  });
});
