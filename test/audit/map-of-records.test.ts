import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/map-of-records', import.meta.url));

describe('records sent as the values of a map', () => {
  // `bookings: Record<string, Booking>`: each value is a booking, as each item of a list is; a map of numbers
  // (`totals`) holds no records.
  const { report } = audit(FIXTURE);

  it('reads the ids of each value as emitted, under [] like the items of a list', () => {
    expect(chainLines(report)).toEqual(['list_bookings bookings[].booking_id -> get_booking.booking_id: broken']);
  });
});
