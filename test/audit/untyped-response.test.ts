import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit, type AuditReport } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/untyped-response', import.meta.url));

describe('emitters typed any or unknown', () => {
  // An axios-style `response.data` is `any` unless the call names a type. A tool serializing it whole, a definition's
  // handler returning it, an id read off it (`{ orderId: response.data.id }`) and a value put under another name
  // (`{ order: response.data }`) and content blocks passed on as `response.data.content` all emit ids nothing shows
  // the type of. The last three were counted as emitters of known type, so the coverage line claimed more than the
  // audit saw.
  let report: AuditReport;
  beforeAll(() => {
    report = audit(FIXTURE).report;
  });

  it('counts every tool that emits a value typed any or unknown as an unknown emitter', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.emits}`)).toEqual([
      'get_order unknown',
      'find_order typed',
      'cancel_order unknown',
      'ship_order unknown',
      'track_order unknown',
      'get_receipt unknown',
    ]);
    expect(report.coverage).toMatchObject({ tools: 6, knownEmitters: 1 });
    expect(report.summary.toolsEmittingUnknown).toBe(5);
  });

  it('says where each untyped value is built, and which path holds it', () => {
    expect(
      report.unknownEmitters.map((emitter) => `${emitter.tool} '${emitter.path}' ${emitter.file}:${emitter.line}`),
    ).toEqual([
      "get_order '' src/definitions.ts:18",
      "cancel_order 'order' src/server.ts:12",
      "ship_order 'orderId' src/server.ts:17",
      "track_order '' src/server.ts:22",
      "get_receipt '' src/server.ts:28",
    ]);
  });

  it('still pairs the typed look-alike', () => {
    expect(chainLines(report)).toEqual([
      'find_order orderId -> get_order.orderId: broken',
      'find_order orderId -> cancel_order.orderId: broken',
      'find_order orderId -> ship_order.orderId: broken',
      'find_order orderId -> track_order.orderId: broken',
      'find_order orderId -> get_receipt.orderId: broken',
    ]);
  });
});
