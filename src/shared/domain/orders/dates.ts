import { formatDay, ukDateTime, type CivilDate } from '../calendar/workingDays';
import type { Carrier } from '../delivery/delivery';
import type { OrderStatus } from './statuses';

/**
 * How an order's days are said to the customer (DESIGN §2 "Working days and dispatch dates"), the
 * same on the basket, the order page, the list and in e-mails. A collection is made ready at the
 * works: it has a day to collect on, never a dispatch or a delivery. A cancelled order has no day.
 */

/** A collection from the works rather than a parcel. */
export const isCollection = (carrier: Carrier | null | undefined): boolean => carrier === 'collection';

/**
 * The promised days in words, to sit inside a sentence: "dispatch Tue 24 Nov, estimated delivery
 * Wed 25 Nov", "dispatch Tue 24 Nov" (no delivery day given), or "ready to collect on Tue 24 Nov".
 */
export function promisedDays(carrier: Carrier | null | undefined, dispatch: CivilDate, delivery: CivilDate | null = null): string {
  if (isCollection(carrier)) return `ready to collect on ${formatDay(dispatch)}`;
  return `dispatch ${formatDay(dispatch)}` + (delivery ? `, estimated delivery ${formatDay(delivery)}` : '');
}

/** What an order shows of its days, as a list row and the order page need it. */
export interface OrderDays {
  status: OrderStatus;
  carrier: Carrier | null;
  dispatch_due: CivilDate | null;
  delivery_due?: CivilDate | null;
  dispatched_at: string | null;
}

const sentence = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/**
 * The order's days in one line: what was promised while it is open, the day it went (or was ready
 * to collect) once dispatched, and nothing for a cancelled order or one with no day yet (null).
 */
export function orderDaysLine(order: OrderDays): string | null {
  if (order.status === 'cancelled') return null;
  if (order.status === 'dispatched') {
    const day = order.dispatched_at ? formatDay(ukDateTime(new Date(order.dispatched_at)).date) : null;
    if (isCollection(order.carrier)) return day ? `Ready to collect from ${day}` : 'Ready to collect';
    return day ? `Dispatched ${day}` : 'Dispatched';
  }
  return order.dispatch_due ? sentence(promisedDays(order.carrier, order.dispatch_due, order.delivery_due ?? null)) : null;
}
