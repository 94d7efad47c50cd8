import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit, type AuditReport } from '../../src/audit/audit.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/call-handler-lookup', import.meta.url));

describe('tool definitions looked up by name in a low-level tool-call handler', () => {
  // `setRequestHandler(CallToolRequestSchema, ...)` finds the definition (`tools.find(...)`, `tools[name]`, a Map's
  // `get`) and serializes `await tool.handler(args)`: the same rule, with the handler's variable for the definition.
  let report: AuditReport;
  beforeAll(() => {
    report = audit(FIXTURE).report;
  });

  it('reads what each definition returns through the handler that serializes it', () => {
    expect(
      report.chains.map(
        (chain) =>
          `${chain.from.tool} ${chain.from.path} -> ${chain.to.tool}.${chain.to.field}: ${chain.status} ${chain.from.file}:${chain.from.line}`,
      ),
    ).toEqual([
      'get_invoice invoiceId -> get_invoice.invoiceId: broken src/invoices.ts:19',
      'get_invoice invoiceId -> refund_invoice.invoiceId: broken src/invoices.ts:19',
      'get_invoice orderId -> get_order.orderId: broken src/invoices.ts:19',
      'get_order orderId -> get_order.orderId: broken src/orders.ts:19',
      'refund_invoice invoiceId -> get_invoice.invoiceId: ok src/refunds.ts:21',
      'refund_invoice invoiceId -> refund_invoice.invoiceId: ok src/refunds.ts:21',
    ]);
    expect(report.tools.map((tool) => `${tool.name} ${tool.emits}`)).toEqual([
      'get_invoice typed',
      'get_order typed',
      'refund_invoice typed',
    ]);
    expect(report.coverage).toMatchObject({ tools: 3, knownEmitters: 3 });
    expect(report.verdict.text).toBe('4 broken chains of 6 (2 ok).');
  });
});
