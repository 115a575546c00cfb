import { describe, expect, it } from 'vitest';
import type { OrderRow } from '../../../src/server/db/schema';
import { orderMail } from '../../../src/server/modules/orders/order-mail';

/** The customer's e-mails say the days the way the pages do: a collection is ready to collect, never dispatched or delivered. */
const links = { appUrl: 'https://trade.example.test', appName: 'Print Junction Trade' };
const order = (fields: Partial<OrderRow>): OrderRow =>
  ({
    id: 12,
    ref: 'Menus',
    firstname: 'Jo',
    email: 'jo@example.test',
    status: 'live',
    dispatchDue: '2026-11-24',
    deliveryDue: '2026-11-25',
    total: 2388,
    totalVat: 398,
    trackingNumber: null,
    problemText: null,
    ...fields,
  }) as OrderRow;

describe('the order e-mails’ days', () => {
  it('confirms a parcel with its dispatch and delivery days', () => {
    const mail = orderMail(order({}), links, { carrier: 'royalmail', code: 'TPN24' }, 'basket');
    expect(mail.subject).toBe('Order 12 confirmed — dispatch Tue 24 Nov');
    expect(mail.text).toContain('We will dispatch it on Tue 24 Nov; expected delivery Wed 25 Nov.');
  });

  it('confirms a collection with the day it is ready to collect, and no dispatch or delivery', () => {
    const mail = orderMail(order({ deliveryDue: '2026-11-24' }), links, { carrier: 'collection', code: 'COLLECT' }, 'basket');
    expect(mail.subject).toBe('Order 12 confirmed — ready to collect on Tue 24 Nov');
    expect(mail.text).toContain('It will be ready to collect on Tue 24 Nov.');
    expect(`${mail.subject} ${mail.text}`).not.toMatch(/dispatch|deliver/i);
  });

  it('tells a collection customer it is ready to collect, not on its way', () => {
    const mail = orderMail(order({ status: 'dispatched', trackingNumber: 'SHELF-4' }), links, { carrier: 'collection', code: 'COLLECT' }, 'printing', {
      number: 'INV-000007',
    });
    expect(mail.subject).toBe('Order 12 is ready to collect');
    expect(mail.text).toContain('is ready to collect from today');
    expect(mail.text).toContain('Collection reference: SHELF-4');
    expect(mail.text).toContain('INV-000007');
    expect(mail.text).not.toMatch(/dispatched|on its way|tracking/i);
    expect(orderMail(order({ status: 'dispatched' }), links, { carrier: 'royalmail', code: 'TPN24' }, 'printing').subject).toBe('Order 12 is on its way');
  });
});
