import { describe, expect, it } from 'vitest';
import { isOverdue, ukToday } from '../../src/shared/domain/orders/overdue';
import { checkTracking, normaliseTracking, trackingUrl } from '../../src/shared/domain/orders/tracking';

describe('tracking numbers by carrier', () => {
  it.each([
    ['royalmail', 'ab 1234 5678 9gb', { value: 'AB123456789GB' }],
    ['royalmail', '', { message: expect.stringMatching(/required for Royal Mail/) }],
    ['royalmail', 'AB1234567890123456GB', { message: expect.stringMatching(/At most 16 characters/) }],
    ['royalmail', 'AB-123', { message: expect.stringMatching(/letters and digits/) }],
    ['courier', '', { value: null }],
    ['courier', 'dpd-1550 1234', { value: 'DPD-15501234' }],
    ['courier', 'x'.repeat(36), { message: expect.stringMatching(/At most 35 characters/) }],
    ['collection', '  ', { value: null }],
  ] as const)('%s %j → %j', (carrier, text, expected) => {
    expect(checkTracking(carrier, text)).toEqual(expected);
  });

  it('lets a correction clear a Royal Mail number only when not required', () => {
    expect(checkTracking('royalmail', '', false)).toEqual({ value: null });
  });

  it('links Royal Mail numbers to their tracking page, and nothing else', () => {
    expect(trackingUrl('royalmail', 'AB123456789GB')).toBe('https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB');
    expect(trackingUrl('royalmail', null)).toBeNull();
    expect(trackingUrl('courier', 'DPD1')).toBeNull();
    expect(normaliseTracking(' ab\t12 ')).toBe('AB12');
  });
});

describe('overdue orders', () => {
  it('is past its dispatch day and still owing it (Pending, Processing or Issues)', () => {
    for (const status of ['live', 'printing', 'problem']) expect(isOverdue(status, '2026-11-20', '2026-11-23')).toBe(true);
    for (const status of ['dispatched', 'cancelled', 'basket']) expect(isOverdue(status, '2026-11-20', '2026-11-23')).toBe(false);
    expect(isOverdue('live', '2026-11-23', '2026-11-23')).toBe(false); // due today is not late yet
    expect(isOverdue('live', null, '2026-11-23')).toBe(false);
  });

  it('counts days in UK time: 23:30 UTC in summer is already the next day in London', () => {
    expect(ukToday(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
    expect(ukToday(new Date('2026-12-01T23:30:00Z'))).toBe('2026-12-01');
  });
});
