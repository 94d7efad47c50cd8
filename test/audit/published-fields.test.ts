import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit, type AuditReport } from '../../src/audit/audit.ts';
import { auditJson } from '../../src/audit/format-json.ts';
import { formatAuditSarif } from '../../src/audit/format-sarif.ts';
import { formatAuditText } from '../../src/audit/format-text.ts';

/**
 * The published fields a tool does not stand behind, on the project the editor plugin's tests open
 * (test/ts-plugin/fixtures/dispositions): make_video publishes `voice`, which its handler never reads, and
 * `webhookUrl`, which its table refuses while its input is the raw shape; render_clip refuses `webhookUrl` behind
 * offeredShape and publishes no field it refuses; update_ticket's handler never reads `notifyCc`, archive_ticket's
 * `note`.
 */

const fixture = fileURLToPath(new URL('../ts-plugin/fixtures/dispositions', import.meta.url));
const REFUSED_MESSAGE =
  'tool `make_video` publishes `webhookUrl`, but `makeVideoDispositions` refuses it: an agent that fills it in is always refused. Register the tool with offeredShape(makeVideoShape, makeVideoDispositions), or decide `webhookUrl` honored or warned.';

let report: AuditReport;
beforeAll(() => {
  report = audit(fixture).report;
});

describe('published-refused-field and unread-input-field', () => {
  it('reports a refused field still published once, as refused, and each unread field, at the field', () => {
    const found = report.findings
      .filter((finding) => finding.rule === 'published-refused-field' || finding.rule === 'unread-input-field')
      .map((finding) => `${finding.file}:${finding.line} ${finding.rule} ${finding.tool ?? ''}`);
    expect(found).toEqual([
      'src/archive.ts:7 unread-input-field archive_ticket',
      'src/ticket.ts:9 unread-input-field update_ticket',
      'src/video.ts:7 unread-input-field make_video',
      'src/video.ts:8 published-refused-field make_video',
    ]);
    expect(report.findings.find((finding) => finding.rule === 'published-refused-field')?.message).toBe(
      REFUSED_MESSAGE,
    );
  });

  it('lists it in the text, JSON and SARIF reports', () => {
    const text = formatAuditText(report, { cwd: fixture, color: false });
    expect(text).toContain(`src/video.ts:8 published-refused-field ${REFUSED_MESSAGE}`);
    expect(auditJson(report, fixture).findings).toContainEqual({
      rule: 'published-refused-field',
      file: 'src/video.ts',
      line: 8,
      tool: 'make_video',
      field: 'webhookUrl',
      message: REFUSED_MESSAGE,
    });
    const sarif = JSON.parse(formatAuditSarif(report, fixture)) as {
      runs: {
        tool: { driver: { rules: { id: string; defaultConfiguration?: { level: string } }[] } };
        results: {
          ruleId: string;
          level: string;
          locations: { physicalLocation: { region: { startLine: number } } }[];
        }[];
      }[];
    };
    const [run] = sarif.runs;
    expect(run?.tool.driver.rules.find((rule) => rule.id === 'published-refused-field')?.defaultConfiguration).toEqual({
      level: 'warning',
    });
    expect(
      run?.results
        .filter((result) => result.ruleId === 'published-refused-field')
        .map((result) => ({ level: result.level, line: result.locations[0]?.physicalLocation.region.startLine })),
    ).toEqual([{ level: 'warning', line: 8 }]);
  });
});
