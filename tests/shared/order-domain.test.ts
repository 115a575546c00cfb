import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  ALL_ORDER_STATUSES,
  bandFor,
  canReplaceArtwork,
  commonTargets,
  deliveryCost,
  dispatchPromise,
  findTransition,
  formatDay,
  isWorkingDay,
  movesFrom,
  orderTotals,
  orderWeight,
  productionStartDay,
  ukDateTime,
  vatOn,
  whyNotOffered,
  type DeliveryTypeRule,
} from '../../src/shared/domain';

describe('order totals and VAT', () => {
  it('adds items and delivery, then VAT once on the net, half-up to the penny', () => {
    // 12.34 + 56.78 + delivery 3.95 = 73.07; VAT 20 % = 14.614 → 14.61; total 87.68
    expect(orderTotals([1234, 5678], 395, '20')).toEqual({ total_net: 7307, total_vat: 1461, total: 8768 });
    // 12.38 × 20 % = 2.476 → 2.48
    expect(orderTotals([1238], 0, 20)).toEqual({ total_net: 1238, total_vat: 248, total: 1486 });
  });

  it('rounds a half penny up and reads decimal rates exactly', () => {
    expect(vatOn(4, '12.5')).toBe(1); // 0.5p → 1p
    expect(vatOn(2, '17.5')).toBe(0); // 0.35p → 0p
    expect(vatOn(10_000, '17.5')).toBe(1750);
    expect(vatOn(1234, '0')).toBe(0);
  });

  it('refuses pence that are not whole', () => {
    expect(() => orderTotals([12.5], 0, '20')).toThrow(RangeError);
    expect(() => orderTotals([100], -1, '20')).toThrow(RangeError);
  });
});

describe('delivery', () => {
  const bands = [
    { weight_upto: 750, price: 225 },
    { weight_upto: 100, price: 95 },
    { weight_upto: 250, price: 155 },
  ];
  const tracked: DeliveryTypeRule = { id: 1, active: true, large_item: false, country_ids: [826], bands };

  it('weighs an order to the whole gram, rounding up', () => {
    expect(
      orderWeight([
        { qty: 500, weight: '0.96' },
        { qty: 1, weight: 2.5 },
      ]),
    ).toBe(483); // 480 g + 2.5 g
    expect(orderWeight([])).toBe(0);
  });

  it('prices a weight by the lowest band that covers it', () => {
    expect(bandFor(bands, 100)?.price).toBe(95);
    expect(bandFor(bands, 101)?.price).toBe(155);
    expect(bandFor(bands, 750)?.price).toBe(225);
    expect(bandFor(bands, 751)).toBeUndefined();
  });

  it('offers a type only where it goes, for what it carries', () => {
    const uk = { country_id: 826, weight: 200, has_large_item: false };
    expect(deliveryCost(tracked, uk)).toBe(155);
    expect(whyNotOffered(tracked, { ...uk, country_id: 250 })).toMatch(/country/);
    expect(whyNotOffered(tracked, { ...uk, weight: 5000 })).toMatch(/heavy/);
    expect(whyNotOffered({ ...tracked, active: false }, uk)).toMatch(/not available/);
    expect(whyNotOffered(tracked, { ...uk, has_large_item: true })).toMatch(/large item/);
    expect(deliveryCost({ ...tracked, large_item: true }, { ...uk, has_large_item: true })).toBe(155);
  });
});

describe('working days and dispatch dates', () => {
  // Bank holidays of England and Wales around Christmas 2026: Fri 25 and Mon 28 December.
  const closed = new Set(['2026-12-25', '2026-12-28']);
  const none = new Set<string>();

  it('works Monday to Friday except closed days', () => {
    expect(isWorkingDay('2026-11-23', none)).toBe(true); // Monday
    expect(isWorkingDay('2026-11-28', none)).toBe(false); // Saturday
    expect(isWorkingDay('2026-12-25', closed)).toBe(false);
    expect(addWorkingDays('2026-11-27', 1, none)).toBe('2026-11-30'); // Friday + 1 → Monday
    expect(addWorkingDays('2026-12-24', 1, closed)).toBe('2026-12-29'); // over Christmas and the substitute day
    expect(addWorkingDays('2026-11-24', 0, none)).toBe('2026-11-24');
  });

  it('starts today before the cut-off and tomorrow after it, in winter (GMT)', () => {
    expect(productionStartDay(new Date('2026-11-24T11:59:00Z'), none)).toBe('2026-11-24');
    expect(productionStartDay(new Date('2026-11-24T12:00:00Z'), none)).toBe('2026-11-25');
    expect(productionStartDay(new Date('2026-11-24T12:01:00Z'), none)).toBe('2026-11-25');
  });

  it('reads the cut-off in UK summer time (BST), not UTC', () => {
    expect(ukDateTime(new Date('2026-06-16T10:59:00Z'))).toEqual({ date: '2026-06-16', minutes: 11 * 60 + 59 });
    expect(productionStartDay(new Date('2026-06-16T10:59:00Z'), none)).toBe('2026-06-16'); // 11:59 BST
    expect(productionStartDay(new Date('2026-06-16T11:01:00Z'), none)).toBe('2026-06-17'); // 12:01 BST, though 11:01 UTC
    // Late evening UTC is already tomorrow in the UK in summer.
    expect(ukDateTime(new Date('2026-06-16T23:30:00Z')).date).toBe('2026-06-17');
  });

  it('handles the clock-change days (Sundays) and the hour that moves', () => {
    // BST starts 01:00 UTC on Sun 29 March 2026; GMT returns 01:00 UTC on Sun 25 October 2026.
    expect(ukDateTime(new Date('2026-03-29T00:30:00Z')).minutes).toBe(30);
    expect(ukDateTime(new Date('2026-03-29T01:30:00Z')).minutes).toBe(2 * 60 + 30);
    expect(ukDateTime(new Date('2026-10-25T00:30:00Z')).minutes).toBe(60 + 30);
    expect(ukDateTime(new Date('2026-10-25T01:30:00Z')).minutes).toBe(60 + 30);
    expect(productionStartDay(new Date('2026-03-29T10:59:00Z'), none)).toBe('2026-03-30');
    expect(productionStartDay(new Date('2026-10-25T11:59:00Z'), none)).toBe('2026-10-26');
    // The first working days after each change, either side of the cut-off.
    expect(productionStartDay(new Date('2026-03-30T10:59:00Z'), none)).toBe('2026-03-30'); // 11:59 BST
    expect(productionStartDay(new Date('2026-03-30T11:30:00Z'), none)).toBe('2026-03-31'); // 12:30 BST
    expect(productionStartDay(new Date('2026-10-26T11:59:00Z'), none)).toBe('2026-10-26'); // 11:59 GMT
    expect(productionStartDay(new Date('2026-10-26T12:01:00Z'), none)).toBe('2026-10-27');
  });

  it('dates dispatch by the slowest item and delivery by the transit days, over weekends and holidays', () => {
    // Thu 24 Dec 2026 at 12:30: the next working day is Tue 29 Dec; 2 production days → Thu 31 Dec; 1 in transit → Fri 1 Jan… which is closed in 2027.
    const holidays = new Set([...closed, '2027-01-01']);
    expect(dispatchPromise(new Date('2026-12-24T12:30:00Z'), { productionDays: 2, transitDays: 1, closed: holidays })).toEqual({
      start: '2026-12-29',
      dispatch: '2026-12-31',
      delivery: '2027-01-04',
      beforeCutoffToday: false,
    });
    expect(dispatchPromise(new Date('2026-11-27T09:00:00Z'), { productionDays: 1, closed: none })).toEqual({
      start: '2026-11-27',
      dispatch: '2026-11-30',
      delivery: null,
      beforeCutoffToday: true,
    });
    expect(productionStartDay(new Date('2026-11-24T09:30:00Z'), none, '09:00')).toBe('2026-11-25');
  });

  it('writes a date as the pages do', () => {
    expect(formatDay('2026-11-24')).toBe('Tue 24 Nov');
    expect(() => formatDay('2026-02-30')).toThrow(RangeError);
  });
});

describe('the order transition table', () => {
  it('lets each actor make exactly its own moves', () => {
    expect(findTransition('basket', 'live', 'customer')).toBeDefined();
    expect(findTransition('live', 'printing', 'customer')).toBeUndefined();
    expect(findTransition('live', 'printing', 'staff')).toBeDefined();
    expect(findTransition('live', 'problem', 'staff')?.needsProblemText).toBe(true);
    expect(findTransition('printing', 'dispatched', 'staff')?.takesTracking).toBe(true);
    expect(findTransition('dispatched', 'live', 'staff')).toBeUndefined();
    expect(findTransition('cancelled', 'live', 'customer')).toBeUndefined();
    expect(movesFrom('live', 'customer').map((t) => t.to)).toEqual(['cancelled']);
    expect(movesFrom('problem', 'customer').map((t) => t.to)).toEqual(['live', 'cancelled']);
    expect(movesFrom('cancelled', 'staff')).toEqual([]);
  });

  it('offers a bulk move only where every selected order may make it', () => {
    expect(commonTargets(['live', 'printing'], 'staff')).toEqual(['problem']);
    expect(commonTargets(['live', 'live'], 'staff')).toEqual(['cancelled', 'printing', 'problem']);
    expect(commonTargets(['dispatched', 'live'], 'staff')).toEqual([]);
    expect(commonTargets([], 'staff')).toEqual([]);
  });
});

describe('when artwork can be replaced', () => {
  it('in a basket and on hold (Issues) only: never at the press, once dispatched or cancelled', () => {
    const replaceable = ALL_ORDER_STATUSES.filter((status) => canReplaceArtwork(status));
    expect(replaceable).toEqual(['basket', 'problem']);
    expect(canReplaceArtwork('live')).toBe(false);
    expect(canReplaceArtwork('printing')).toBe(false);
    // A status word the rules do not know is no licence to change the file.
    expect(canReplaceArtwork('')).toBe(false);
    expect(canReplaceArtwork('BASKET')).toBe(false);
  });
});
