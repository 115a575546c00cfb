import { describe, expect, it } from 'vitest';
import { orderDaysLine, promisedDays } from '../../src/shared/domain/orders/dates';

describe('how an order’s days are said', () => {
  it('promises a dispatch and an estimated delivery for a parcel, and a day to collect for a collection', () => {
    expect(promisedDays('royalmail', '2026-11-24', '2026-11-25')).toBe('dispatch Tue 24 Nov, estimated delivery Wed 25 Nov');
    expect(promisedDays('courier', '2026-11-24')).toBe('dispatch Tue 24 Nov');
    expect(promisedDays(null, '2026-11-24', null)).toBe('dispatch Tue 24 Nov');
    expect(promisedDays('collection', '2026-11-24', '2026-11-24')).toBe('ready to collect on Tue 24 Nov');
  });

  const open = { status: 'live', carrier: 'royalmail', dispatch_due: '2026-11-24', delivery_due: '2026-11-25', dispatched_at: null } as const;

  it('shows an open order what it was promised, in every open status', () => {
    for (const status of ['live', 'printing', 'problem'] as const) {
      expect(orderDaysLine({ ...open, status })).toBe('Dispatch Tue 24 Nov, estimated delivery Wed 25 Nov');
    }
    expect(orderDaysLine({ ...open, carrier: 'collection' })).toBe('Ready to collect on Tue 24 Nov');
  });

  it('shows a cancelled order no dispatch date at all', () => {
    expect(orderDaysLine({ ...open, status: 'cancelled' })).toBeNull();
    expect(orderDaysLine({ ...open, status: 'cancelled', carrier: 'collection' })).toBeNull();
  });

  it('shows a dispatched order the UK day it went, or was ready to collect', () => {
    // 23:30 GMT on 30 June is 1 July in London (BST).
    expect(orderDaysLine({ ...open, status: 'dispatched', dispatched_at: '2025-06-30T23:30:00.000Z' })).toBe('Dispatched Tue 1 Jul');
    expect(orderDaysLine({ ...open, status: 'dispatched', carrier: 'collection', dispatched_at: '2025-06-30T23:30:00.000Z' })).toBe(
      'Ready to collect from Tue 1 Jul',
    );
    expect(orderDaysLine({ ...open, status: 'dispatched', carrier: 'collection', dispatched_at: null })).toBe('Ready to collect');
  });

  it('has nothing to say of an order with no day yet', () => {
    expect(orderDaysLine({ ...open, dispatch_due: null })).toBeNull();
  });
});

describe('a day with its year', () => {
  it('is written "1 Jan 2020" for the range of days a search asks for', async () => {
    const { formatDate } = await import('../../src/shared/domain/calendar/workingDays');
    expect(formatDate('2020-01-01')).toBe('1 Jan 2020');
    expect(formatDate('2026-11-30')).toBe('30 Nov 2026');
  });
});
