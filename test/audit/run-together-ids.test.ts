import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { removeTempTrees } from '../codemods/runner/temp-tree.ts';
import { chainLines } from '../support/chain-lines.ts';
import { guardIdsOnCopy, lintGuardedIds } from '../support/guard-ids-copy.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/run-together-ids', import.meta.url));

describe('ids named by one lower-case word that runs a noun and `id` together', () => {
  // `signalid` described "ID of the ECG signal": the description names the noun the word runs into `id`.
  const { report } = audit(FIXTURE);

  it('reads the input as the id its description names, and the emitted word of the same noun as that id', () => {
    expect(chainLines(report)).toEqual([
      'list_heart_records series[].signalid -> get_heart_signal.signalid: broken',
      'list_heart_records series[].deviceid -> get_device.deviceid: ok',
    ]);
  });

  it('leaves words that only end in `id`', () => {
    const fields = report.acceptors.map((field) => `${field.tool}.${field.field} ${field.entity}`);
    expect(fields).toEqual(['get_heart_signal.signalid signal', 'get_device.deviceid device']);
  });

  it('the lint rule flags both string inputs, and guard-ids guards them so that the audit reads the chain as tolerated', async () => {
    const original = readFileSync(path.join(FIXTURE, 'src/server.ts'), 'utf8');
    expect(lintGuardedIds(original).map((line) => line.replace(/^\d+: `(\w+)`.*$/, '$1'))).toEqual([
      'signalid',
      'deviceid',
    ]);
    const { root, run, guarded } = await guardIdsOnCopy(FIXTURE);
    expect(run.code).toBe(0);
    expect(lintGuardedIds(guarded)).toEqual([]);
    expect(chainLines(audit(root).report)).toEqual([
      'list_heart_records series[].signalid -> get_heart_signal.signalid: tolerated',
      'list_heart_records series[].deviceid -> get_device.deviceid: ok',
    ]);
  });
});

afterAll(removeTempTrees);
