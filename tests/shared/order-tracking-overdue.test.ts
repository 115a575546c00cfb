import { describe, expect, it } from 'vitest';
import { isOverdue, ukToday } from '../../src/shared/domain/orders/overdue';
import { checkTracking, normaliseTracking, royalMailTrackingNumber, s10CheckDigit, trackingRuleOf, trackingUrl } from '../../src/shared/domain/orders/tracking';

const TRACKED_24 = { carrier: 'royalmail', code: 'TPN24', name: 'Royal Mail Tracked 24' } as const;
const RM_48 = { carrier: 'royalmail', code: 'CRL48', name: 'Royal Mail 48 (2nd class)' } as const;
const COURIER = { carrier: 'courier', code: 'COURIER-NDAY' } as const;
const COLLECTION = { carrier: 'collection', code: 'COLLECT' } as const;

describe('the S10 check digit (weights 8,6,4,2,3,5,9,7; 11 − sum mod 11; 10 → 0, 11 → 5)', () => {
  it('computes it for serials worked by hand', () => {
    // 1·8 + 2·6 + 3·4 + 4·2 + 5·3 + 6·5 + 7·9 + 8·7 = 204; 204 mod 11 = 6; 11 − 6 = 5
    expect(s10CheckDigit('12345678')).toBe(5);
    // 4·7 = 28; 28 mod 11 = 6 → 5
    expect(s10CheckDigit('00000004')).toBe(5);
    // 4·8 + 7·6 + 3·4 + 9·2 + 5·3 + 2·5 + 8·9 + 1·7 = 208; 208 mod 11 = 10; 11 − 10 = 1
    expect(s10CheckDigit('47395281')).toBe(1);
    // 2·8 + 1·7 = 23; 23 mod 11 = 1; 11 − 1 = 10 → written 0
    expect(s10CheckDigit('20000001')).toBe(0);
    // Σ = 0 → 11 − 0 = 11 → written 5
    expect(s10CheckDigit('00000000')).toBe(5);
    // 1·8 + 1·2 + 1·5 = 15; 15 mod 11 = 4; 11 − 4 = 7
    expect(s10CheckDigit('10010100')).toBe(7);
  });

  it('builds numbers that pass: two letters, eight digits, the check digit, GB', () => {
    expect(royalMailTrackingNumber('AB', 12345678)).toBe('AB123456785GB');
    expect(royalMailTrackingNumber('RM', 4)).toBe('RM000000045GB');
    expect(royalMailTrackingNumber('TT', 20000001)).toBe('TT200000010GB');
  });
});

describe('tracking numbers by carrier and service', () => {
  it.each([
    [TRACKED_24, 'ab 1234 5678 5gb', { value: 'AB123456785GB' }],
    [TRACKED_24, 'QX473952811GB', { value: 'QX473952811GB' }],
    [TRACKED_24, 'TT200000010GB', { value: 'TT200000010GB' }],
    [TRACKED_24, 'RR000000005GB', { value: 'RR000000005GB' }],
    [TRACKED_24, 'AB123456789GB', { message: expect.stringMatching(/check digit/) }], // one digit off: 5 expected
    [TRACKED_24, 'QX473952812GB', { message: expect.stringMatching(/check digit/) }],
    [TRACKED_24, 'AB123456785US', { message: expect.stringMatching(/two letters, nine digits and GB/) }],
    [TRACKED_24, 'A1123456785GB', { message: expect.stringMatching(/two letters, nine digits and GB/) }],
    [TRACKED_24, 'BAD TRACKING', { message: expect.stringMatching(/two letters, nine digits and GB/) }],
    [TRACKED_24, 'AB1234567890123456GB', { message: expect.stringMatching(/At most 13 characters/) }],
    [TRACKED_24, '', { message: expect.stringMatching(/required for Royal Mail Tracked 24/) }],
    [RM_48, 'bad tracking', { message: 'Royal Mail 48 (2nd class) is not a tracked service: it takes no tracking number' }],
    [RM_48, 'AB123456785GB', { message: expect.stringMatching(/not a tracked service/) }],
    [RM_48, '', { value: null }],
    [COURIER, '', { value: null }],
    [COURIER, 'dpd-1550 1234', { value: 'DPD-15501234' }],
    [COURIER, 'x'.repeat(36), { message: expect.stringMatching(/At most 35 characters/) }],
    [COURIER, 'ref/12', { message: expect.stringMatching(/letters, digits and dashes/) }],
    [COLLECTION, '  ', { value: null }],
  ] as const)('%j %j → %j', (service, text, expected) => {
    expect(checkTracking(service, text)).toEqual(expected);
  });

  it('knows the untracked Royal Mail services by code, and takes any other Royal Mail code as tracked', () => {
    for (const code of ['CRL24', 'CRL48', 'STL1', 'STL2', 'OLA']) expect(trackingRuleOf({ carrier: 'royalmail', code }).takes).toBe('none');
    for (const code of ['TPN24', 'TPS48', 'SD1', 'MTA']) expect(trackingRuleOf({ carrier: 'royalmail', code }).takes).toBe('required');
    expect(trackingRuleOf(COURIER).takes).toBe('optional');
  });

  it('lets a correction clear a Royal Mail number only when not required', () => {
    expect(checkTracking(TRACKED_24, '', false)).toEqual({ value: null });
  });

  it('links valid numbers of tracked Royal Mail services to their tracking page, and nothing else', () => {
    expect(trackingUrl(TRACKED_24, 'AB123456785GB')).toBe('https://www.royalmail.com/track-your-item#/tracking-results/AB123456785GB');
    expect(trackingUrl(TRACKED_24, null)).toBeNull();
    // Stored before the rule: never a link, whatever the service.
    expect(trackingUrl(TRACKED_24, 'AB123456789GB')).toBeNull();
    expect(trackingUrl(RM_48, 'BADTRACKING')).toBeNull();
    expect(trackingUrl(COURIER, 'DPD1')).toBeNull();
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
