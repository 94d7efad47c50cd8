import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/described-narrower', import.meta.url));

describe('an id field whose description names a narrower record than its name', () => {
  // `recording_id` described "The recording file ID", beside tools that list recordings (meetings, numbered) and
  // give out their files' ids (strings).
  it('takes the ids of the record its description names, when a tool gives those out', () => {
    const { report } = audit(FIXTURE);
    const lines = chainLines(report);
    expect(lines).toContain('list_recordings items[].recording_files[].id -> delete_recording_file.recording_id: ok');
    expect(lines).not.toContain('list_recordings items[].id -> delete_recording_file.recording_id: broken');
    expect(
      report.acceptors.find(
        (acceptor) => acceptor.tool === 'delete_recording_file' && acceptor.field === 'recording_id',
      )?.entity,
    ).toBe('recording-file');
  });

  it('keeps the entity of a field whose description names no more than its name', () => {
    const { report } = audit(FIXTURE);
    const plain = report.acceptors.find((acceptor) => acceptor.tool === 'recover_recording');
    expect(plain?.entity).toBe('recording');
  });
});
