import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/record-returning-helper', import.meta.url));

describe('a helper typed Record<string, unknown> that hands back the object it is given', () => {
  // `withOptionalField({ id, rule_id: alert.rule?.id }, 'full_log', ...)` returns its first argument (or a spread of
  // it): what the tool emits is that object, with the types its properties have where it is written.
  const { report } = audit(FIXTURE);

  it('reads the ids of the object it is given', () => {
    expect(
      report.emitters
        .filter((emitter) => emitter.tool === 'get_alerts')
        .map((emitter) => `${emitter.path} ${emitter.types.join('|')}`),
    ).toEqual(['alerts[].id string', 'alerts[].rule_id string']);
  });

  it('pairs the string rule ids of the alerts with the numeric input', () => {
    expect(chainLines(report).sort()).toEqual([
      'get_alerts alerts[].rule_id -> get_alerts.rule_id: ok',
      'get_alerts alerts[].rule_id -> get_rule.rule_id: broken',
      'get_rule id -> get_alerts.rule_id: broken',
      'get_rule id -> get_rule.rule_id: ok',
      'list_rules rules[].id -> get_alerts.rule_id: broken',
      'list_rules rules[].id -> get_rule.rule_id: ok',
    ]);
  });

  it('counts a bag of values no code fills as unknown, in the coverage line too', () => {
    expect(report.unknownEmitters.map((emitter) => `${emitter.tool} ${emitter.path}`)).toEqual([
      'get_configuration configuration',
    ]);
    expect(report.coverage.knownEmitters).toBe(3);
    expect(report.verdict.vouched).toBe(false);
  });
});
