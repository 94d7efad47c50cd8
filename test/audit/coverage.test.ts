import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { audit, auditProject } from '../../src/audit/audit.ts';
import { auditJson } from '../../src/audit/format-json.ts';
import { formatAuditSarif } from '../../src/audit/format-sarif.ts';
import { formatAuditText } from '../../src/audit/format-text.ts';
import { loadProject } from '../../src/adapters/typescript/load-project.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const fixture = (name: string): string => fileURLToPath(new URL(`fixtures/${name}`, import.meta.url));
const helpdesk = fileURLToPath(new URL('../../examples/helpdesk', import.meta.url));

describe('coverage, at the head of every report', () => {
  it('counts the registration sites, the ones not followed, and the tools whose emitted types are known', () => {
    const { report } = audit(helpdesk);
    expect(report.coverage).toEqual({
      registrationSites: 1,
      unfollowedSites: 0,
      tools: 9,
      knownEmitters: 9,
      inputsRead: 9,
      unvouched: [],
    });
    expect(report.discovery.sites).toEqual([
      { style: 'register-tool', file: 'src/server.ts', line: 15, via: 'definitions', tools: 9 },
    ]);
    const lines = formatAuditText(report, { cwd: repo }).trimEnd().split('\n');
    expect(lines[1]).toBe(
      'Coverage: 9 tools found at 1 registration site (none it could not follow); emitted types known for 9 of 9 tools',
    );
    expect(lines.at(-1)).toBe('Verdict: 45 broken chains of 46 (1 ok).');
  });

  it('says what it could not vouch for when every emitter is untyped', () => {
    const { report } = audit(fixture('untyped-client'));
    expect(report.coverage).toEqual({
      registrationSites: 2,
      unfollowedSites: 0,
      tools: 2,
      knownEmitters: 0,
      inputsRead: 2,
      unvouched: ['ticket'],
    });
    expect(report.verdict).toEqual({
      vouched: false,
      text: '2 suspect chains of 2; could not vouch for ticket: it has an acceptor and no emitter of known type.',
      blind: 'knew the emitted type of no tool (2 of 2 emit unknown types); type what their handlers return',
    });
    expect(formatAuditText(report).split('\n')[1]).toBe(
      'Coverage: 2 tools found at 2 registration sites (none it could not follow); emitted types known for 0 of 2 tools',
    );
  });

  it('cannot vouch for anything when no tool was found', () => {
    const { report } = audit(fixture('no-tools'));
    expect(report.coverage).toEqual({
      registrationSites: 0,
      unfollowedSites: 0,
      tools: 0,
      knownEmitters: 0,
      inputsRead: 0,
      unvouched: [],
    });
    expect(report.verdict).toMatchObject({ vouched: false, text: 'could not vouch for any chain: no tool was found.' });
    expect(report.verdict.blind).toMatch(/^found no tool; .*agent-contract\.config\.json/);
  });

  it('cannot vouch when no handler could be read, even with no id field to pair', () => {
    const { report } = audit(fixture('unseen-handlers'));
    expect(report.coverage).toMatchObject({ tools: 2, knownEmitters: 0, inputsRead: 2, unvouched: [] });
    expect(report.verdict).toEqual({
      vouched: false,
      text: 'could not vouch for any chain: the emitted type of no tool is known (2 tools).',
      blind:
        'knew the emitted type of no tool (the handler of none of the 2 was found); write each handler as a function, or a const holding one, that the registration names',
    });
  });

  it('cannot vouch when no input schema could be read, though every emitter is typed', () => {
    const { report } = audit(fixture('unread-inputs'));
    expect(report.coverage).toMatchObject({ tools: 2, knownEmitters: 2, inputsRead: 0 });
    expect(report.tools.map((tool) => tool.input)).toEqual(['unresolved', 'unresolved']);
    expect(report.verdict.vouched).toBe(false);
    expect(report.verdict.text).toBe(
      'could not vouch for any chain: the input schema of no tool could be read (2 tools).',
    );
    expect(report.verdict.blind).toMatch(/^read the input schema of no tool \(2 of 2 /);
    expect(formatAuditText(report).split('\n')[1]).toBe(
      'Coverage: 2 tools found at 2 registration sites (none it could not follow); emitted types known for 2 of 2 tools; input schemas read for 0 of 2',
    );
  });

  it('says which side has no id when there is no chain: an id printed into prose agrees by its type', () => {
    const { report } = audit(fixture('prose-output'));
    expect(report.coverage).toMatchObject({ tools: 1, knownEmitters: 1, inputsRead: 1 });
    expect(report.verdict).toEqual({
      vouched: true,
      text: 'no tool emits an id as JSON (in structuredContent or JSON text); the 1 id printed into text that pairs with an input is of a type the input accepts, by the type the code gives it.',
    });
  });

  it('carries the same figures in JSON and SARIF', () => {
    const { report } = audit(fixture('config-by-reference'));
    const json = auditJson(report, repo);
    expect(json.coverage).toEqual(report.coverage);
    expect(json.verdict).toEqual(report.verdict);
    const sarif = JSON.parse(formatAuditSarif(report, repo)) as { runs: { properties: unknown }[] };
    expect(sarif.runs[0]?.properties).toEqual({ coverage: report.coverage, verdict: report.verdict });
  });
});

describe('what the audit asks of the checker', () => {
  it('type-checks no file for itself: no semantic diagnostics unless type errors are asked for', () => {
    const calls: string[] = [];
    const spied = (project: ReturnType<typeof loadProject>): ReturnType<typeof loadProject> => {
      const program = project.program;
      const getSemanticDiagnostics = program.getSemanticDiagnostics.bind(program);
      program.getSemanticDiagnostics = (sourceFile?: ts.SourceFile, token?: ts.CancellationToken) => {
        calls.push(sourceFile?.fileName ?? 'all');
        return getSemanticDiagnostics(sourceFile, token);
      };
      return project;
    };
    const { report } = auditProject(spied(loadProject(fixture('broken-types'))));
    expect(calls).toEqual([]);
    expect(report.project.typeErrorsCounted).toBe(false);
    const counted = auditProject(spied(loadProject(fixture('broken-types'))), { typeErrors: true }).report;
    expect(calls.length).toBeGreaterThan(0);
    expect(counted.project).toMatchObject({ typeErrorsCounted: true, filesWithErrors: 1 });
  });
});
