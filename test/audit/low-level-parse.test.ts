import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit, type AuditReport } from '../../src/audit/audit.ts';
import { coverageLine } from '../../src/audit/format-text.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/low-level-parse', import.meta.url));

describe('the schema a low-level call handler parses the arguments with', () => {
  // `case 'get_order': { const { orderId } = GetOrderArgs.parse(request.params.arguments); ... }`, and
  // `if (name === 'cancel_order') { CancelOrderArgs.safeParse(args) }` after `const { arguments: args } = request.params`:
  // what the server validates is what it accepts. The audit read only the published input: a hand-written JSON Schema
  // that says `number` hid a broken chain, and one it cannot read left the tool's input unresolved.
  let report: AuditReport;
  beforeAll(() => {
    report = audit(FIXTURE).report;
  });

  it('takes the parsed schema as the acceptor, before the published one', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.input} ${tool.handler?.line}`)).toEqual([
      'list_orders json-schema 37',
      'get_order zod 41',
      'cancel_order zod 30',
    ]);
    expect(
      report.acceptors.map(
        (acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.type} ${acceptor.file}:${acceptor.line}`,
      ),
    ).toEqual(['get_order.orderId string src/server.ts:13', 'cancel_order.orderId string src/server.ts:14']);
  });

  it('says the tools were found with no registration call, not "at 0 registration sites"', () => {
    expect(coverageLine(report)).toBe(
      '3 tools found with no registration call (tool lists and request handlers; none it could not follow); emitted types known for 3 of 3 tools',
    );
  });

  it('pairs the numeric order ids with what is parsed, not with what is published', () => {
    expect(chainLines(report)).toEqual([
      'list_orders orders[].id -> get_order.orderId: broken',
      'list_orders orders[].id -> cancel_order.orderId: broken',
      'get_order order.id -> get_order.orderId: broken',
      'get_order order.id -> cancel_order.orderId: broken',
    ]);
  });

  it('counts an input read from its parse as read, and a parsed upstream response as no input', () => {
    expect(report.coverage).toMatchObject({ tools: 3, inputsRead: 3 });
    expect(report.acceptors.some((acceptor) => acceptor.tool === 'list_orders')).toBe(false);
    expect(report.verdict).toMatchObject({ vouched: true, text: '4 broken chains of 4.' });
  });
});
