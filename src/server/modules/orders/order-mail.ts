import { ORDER_STATUS_NAMES, type OrderStatus } from '../../../shared/domain/orders/statuses';
import { trackingUrl, type TrackedService } from '../../../shared/domain/orders/tracking';
import { isCollection, promisedDays } from '../../../shared/domain/orders/dates';
import type { Carrier } from '../../../shared/domain/delivery/delivery';
import { formatDay } from '../../../shared/domain/calendar/workingDays';
import { formatPence } from '../../../shared/domain/pricing';
import type { InvoiceRow, OrderRow } from '../../db/schema';

/** What the customer's e-mails link to and are signed with. */
export interface MailLinks {
  appUrl: string;
  appName: string;
}

/** The confirmation e-mail's sentence about the days: when it will be dispatched and delivered, or ready to collect. */
function confirmedDays(carrier: Carrier | null | undefined, dispatch: string, delivery: string | null): string {
  if (isCollection(carrier)) return `It will be ready to collect on ${formatDay(dispatch)}.`;
  return `We will dispatch it on ${formatDay(dispatch)}` + (delivery ? `; expected delivery ${formatDay(delivery)}.` : '.');
}

/** The customer's e-mail about the order's new status (live, problem, dispatched). */
export function orderMail(
  order: OrderRow,
  { appUrl, appName }: MailLinks,
  service?: TrackedService | null,
  from?: OrderStatus,
  invoice?: Pick<InvoiceRow, 'number'>,
): { to: string; subject: string; text: string } {
  const link = `${appUrl}/orders/${order.id}`;
  const carrier = service?.carrier;
  const ref = order.ref ? ` (your reference ${order.ref})` : '';
  const hello = `Hello ${order.firstname},\n\n`;
  const sign = `\n\n${appName}`;
  switch (order.status) {
    case 'live':
      if (from === 'problem') {
        return {
          to: order.email,
          subject: `Order ${order.id} is off hold and back in the queue`,
          text: `${hello}Order ${order.id}${ref} is no longer on hold: it is waiting for production again.\n\nFollow it here: ${link}${sign}`,
        };
      }
      return {
        to: order.email,
        subject: `Order ${order.id} confirmed — ${order.dispatchDue ? promisedDays(carrier, order.dispatchDue) : 'dispatch date to follow'}`,
        text:
          `${hello}Thank you: order ${order.id}${ref} is confirmed and waiting for production.\n\n` +
          (order.dispatchDue ? confirmedDays(carrier, order.dispatchDue, order.deliveryDue) + '\n' : '') +
          (order.total !== null ? `Total: ${formatPence(order.total)} including VAT (${formatPence(order.totalVat ?? 0)}).\n` : '') +
          `\nFollow it here: ${link}${sign}`,
      };
    case 'problem':
      return {
        to: order.email,
        subject: `Order ${order.id} is on hold — we need something from you`,
        text: `${hello}We have put order ${order.id}${ref} on hold:\n\n${order.problemText ?? ''}\n\nWhat to do next is on the order's page: ${link}${sign}`,
      };
    case 'dispatched': {
      if (isCollection(carrier)) {
        return {
          to: order.email,
          subject: `Order ${order.id} is ready to collect`,
          text:
            `${hello}Order ${order.id}${ref} is ready to collect from today.` +
            (order.trackingNumber ? `\nCollection reference: ${order.trackingNumber}` : '') +
            (invoice ? `\n\nYour invoice ${invoice.number} is ready to download: ${appUrl}/invoices` : '') +
            `\n\nDetails: ${link}${sign}`,
        };
      }
      const follow = trackingUrl(service, order.trackingNumber);
      return {
        to: order.email,
        subject: `Order ${order.id} is on its way`,
        text:
          `${hello}Order ${order.id}${ref} was dispatched today.` +
          (order.trackingNumber ? `\nTracking number: ${order.trackingNumber}` : '') +
          (follow ? `\nFollow the parcel: ${follow}` : '') +
          (invoice ? `\n\nYour invoice ${invoice.number} is ready to download: ${appUrl}/invoices` : '') +
          `\n\nDetails: ${link}${sign}`,
      };
    }
    default:
      return {
        to: order.email,
        subject: `Order ${order.id}: ${ORDER_STATUS_NAMES[order.status as OrderStatus]}`,
        text: `${hello}Order ${order.id}${ref} is now ${ORDER_STATUS_NAMES[order.status as OrderStatus]}.\n\n${link}${sign}`,
      };
  }
}
