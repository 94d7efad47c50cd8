import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/text-fallbacks', import.meta.url));

describe('JSON text with a fallback: `JSON.stringify(value) ?? "null"`, `JSON.stringify(value) || ""`', () => {
  // A result helper that wrote `JSON.stringify(data, null, 2) ?? 'null'` hid every emitter of a server, and the audit
  // vouched for it: "no tool emits an id as JSON".
  const { report } = audit(FIXTURE);

  it('reads the JSON branch, through the helpers, as what each tool emits', () => {
    expect(
      report.emitters.map((emitter) => `${emitter.tool} ${emitter.path} ${emitter.types.join('|')}`).sort(),
    ).toEqual(['list_notes notes[].id number', 'monitors monitor.id number', 'monitors monitors[].id number']);
  });

  it('finds the chains the fallback hid', () => {
    expect(
      report.chains
        .map((chain) => `${chain.from.tool} ${chain.from.path} -> ${chain.to.tool}.${chain.to.field}: ${chain.status}`)
        .sort(),
    ).toEqual([
      'list_notes notes[].id -> get_note.note_id: broken',
      'monitors monitor.id -> monitors.id: broken',
      'monitors monitors[].id -> monitors.id: broken',
    ]);
  });
});
