import { describe, expect, it } from 'vitest';
import {
  CHAIN_VERDICT_MEANING,
  chainVerdictLegend,
  classifyChain,
  classifyObservedChain,
  formatChainMatrixTally,
} from '../../src/model/chain-matrix.ts';

describe('classifyObservedChain: a live chain judged like a static one', () => {
  it.each([
    [4, ['string'], 'rejected', 'broken', 'emits integer, accepts only string'],
    [4, ['string'], 'accepted', 'tolerated', 'emits integer, publishes string but also accepts integer'],
    ['2', ['string'], 'accepted', 'ok', 'emits string, accepts string'],
    [4, ['integer'], 'accepted', 'ok', 'emits integer, accepts integer'],
    [4, [], 'accepted', 'unknown', 'emits integer; the acceptor publishes no type, so nothing is checked'],
    ['', ['string'], 'rejected', 'broken', 'emits string, publishes string, but validation rejects the value'],
  ] as const)('%j into %j, %s: %s', (value, accepted, validation, verdict, reason) => {
    expect(classifyObservedChain(value, accepted, validation)).toEqual({ verdict, reason });
  });
});

describe('classifyChain for an untyped emitter, from what the code suggests it sends', () => {
  it.each([
    [
      ['number'],
      ['string'],
      'suspect',
      'emits a value of unknown type; the code treats these ids as number, accepts only string',
    ],
    [
      ['string'],
      ['integer'],
      'suspect',
      'emits a value of unknown type; the code treats these ids as string, accepts only integer',
    ],
    // Ids are whole numbers: a number the code suggests passes an integer acceptor, as a typed one does.
    [['number'], ['integer'], 'unknown', 'the emitter publishes no type for the id'],
    [['number'], ['number'], 'unknown', 'the emitter publishes no type for the id'],
  ] as const)('suspected %j into %j is %s', (suspected, accepted, verdict, reason) => {
    expect(classifyChain([], accepted, [], suspected)).toEqual({ verdict, reason });
  });
});

describe('the tally and the legend every chain report prints', () => {
  it('names unknown and suspect only when some chain is, and explains each class shown, worst first', () => {
    const summary = { chains: 4, ok: 1, tolerated: 1, broken: 1, unknown: 1 };
    expect(formatChainMatrixTally(summary)).toBe('Of 4 chains, 1 broken, 1 tolerated, 1 unknown, 1 ok.');
    expect(formatChainMatrixTally({ ...summary, unknown: 0 })).toBe('Of 4 chains, 1 broken, 1 tolerated, 1 ok.');
    expect(chainVerdictLegend({ ...summary, tolerated: 0 })).toEqual([
      `broken: ${CHAIN_VERDICT_MEANING.broken}.`,
      `unknown: ${CHAIN_VERDICT_MEANING.unknown}.`,
      `ok: ${CHAIN_VERDICT_MEANING.ok}.`,
    ]);
  });
});
