import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

// `reservationNo` is a reservation's number, as `reservation_nr` and `reservationNumber` are; a room's `roomNo` is
// a room number, a place, not a record's key.
const FIXTURE = fileURLToPath(new URL('fixtures/number-abbreviated-no', import.meta.url));

describe("a record's number written No", () => {
  const { report } = audit(FIXTURE);

  it('reads `reservationNo` as the reservation number on both sides', () => {
    expect(report.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.entity}`)).toEqual([
      'cancel_reservation.reservationNo reservation#number',
    ]);
    expect(chainLines(report)).toEqual([
      'list_reservations [].reservationNo -> cancel_reservation.reservationNo: broken',
    ]);
    expect(report.emitters.map((emitter) => emitter.path)).toEqual(['[].reservationNo']);
  });
});
