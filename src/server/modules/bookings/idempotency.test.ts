// The outcome an Idempotency-Key replays: what a repeat is answered must be what the first request was answered,
// dates as dates, whether the key was completed by this release (tagged JSON) or an earlier one (superjson).
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { decodeOutcome, encodeOutcome, type StoredOutcome } from './idempotency';

const answered: StoredOutcome = {
  ok: true,
  data: {
    booking: { id: 7, confirmationNumber: 'PP-7K3M9Q2H', createdAt: new Date('2026-11-27T13:45:00.123Z'), cancelledAt: null, lines: [{ label: '3 days', cents: 4500 }] },
    viewToken: null,
    at: [new Date(0)],
  },
};

describe('stored outcomes', () => {
  it('come back as they were answered, dates as dates', () => {
    const body = encodeOutcome(answered);
    const back = decodeOutcome(body);
    expect(back).toEqual(answered);
    const booking = (back as { data: { booking: { createdAt: Date } } }).data.booking;
    expect(booking.createdAt).toBeInstanceOf(Date);
    expect(booking.createdAt.toISOString()).toBe('2026-11-27T13:45:00.123Z');
  });

  it('replay a refusal', () => {
    const refused: StoredOutcome = { ok: false, code: 'CONFLICT', message: 'That lot is full for your dates.' };
    expect(decodeOutcome(encodeOutcome(refused))).toEqual(refused);
  });

  it('read keys completed before, stored with superjson', () => {
    expect(decodeOutcome(superjson.stringify(answered))).toEqual(answered);
  });

  it('leave an object that only looks like a date alone', () => {
    const odd: StoredOutcome = { ok: true, data: { note: { $date: 'tomorrow' }, pair: { $date: 1, other: 2 } } };
    expect(decodeOutcome(encodeOutcome(odd))).toEqual(odd);
  });
});
