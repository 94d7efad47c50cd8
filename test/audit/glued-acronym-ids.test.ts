import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/glued-acronym-ids', import.meta.url));

describe('ids a description names by an acronym glued to ID (`VMID`)', () => {
  // The guests' `vmid` is one word; `create_vm` takes one described "VMID for the new VM", and the guest tools take
  // `guest` described "VMID or name of the VM/container." as a string.
  const { report } = audit(FIXTURE);
  const chains = chainLines(report);

  it('reads `vmid` as the id of a VM, given out and taken', () => {
    expect(chains).toContain('list_guests guests[].vmid -> create_vm.vmid: ok');
  });

  it('reads an input described "VMID or name" as taking that id, and the string-only ones as broken', () => {
    expect(chains).toContain('list_guests guests[].vmid -> guest_status.guest: broken');
    expect(chains).toContain('list_guests guests[].vmid -> clone_guest.guest: broken');
    expect(report.verdict.text).toBe('8 broken chains of 12 (4 ok).');
  });
});
