import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/tool-function', import.meta.url));

describe('tools defined with a bare tool(name, description, shape, handler) helper', () => {
  // A file whose only registrations are `tool(...)` calls is read, not skipped by the look at its text.
  const { report } = audit(FIXTURE);

  it('finds every tool and its chains', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.style}`)).toEqual([
      'list_invoices sdk-tool',
      'get_invoice sdk-tool',
    ]);
    expect(chainLines(report)).toContain('list_invoices invoices[].id -> get_invoice.invoice_id: broken');
  });
});
