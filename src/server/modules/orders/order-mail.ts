import { ORDER_STATUS_NAMES, type OrderStatus } from '../../../shared/domain/orders/statuses';
import { trackingUrl, type TrackedService } from '../../../shared/domain/orders/tracking';
import { isCollection, promisedDays } from '../../../shared/domain/orders/dates';
import type { Carrier } from '../../../shared/domain/delivery/delivery';
import { formatDay } from '../../../shared/domain/calendar/workingDays';
import { formatPence } from '../../../shared/domain/pricing';
import type { FrozenChoices, InvoiceRow, OrderRow } from '../../db/schema';

/** What the customer's e-mails link to and are signed with. */
export interface MailLinks {
  appUrl: string;
  appName: string;
}

/** An item as the confirmation e-mail lists it: what it is, its finishes and turnaround as frozen at confirmation, and its price. */
export interface MailedItem {
  productName: string;
  stockName: string;
  qty: number;
  sides: string;
  choices: FrozenChoices | null;
  /** Before VAT, as frozen at confirmation. */
  price: number | null;
  /** It gets a proof to approve before it is printed. */
  proof?: boolean;
}

/** The order as its e-mail reports it: the facts kept on the move's history row, and (a confirmation) its items. */
export type MailedOrder = Pick<
  OrderRow,
  'id' | 'status' | 'ref' | 'firstname' | 'email' | 'dispatchDue' | 'deliveryDue' | 'total' | 'totalVat' | 'trackingNumber' | 'problemText'
> & {
  items?: readonly MailedItem[];
  /**
   * A confirmation of an order with proofs: how many, and by when an approval keeps its dates
   * ("today before 12:00"): its dispatch date counts from the last approval.
   */
  proofs?: { count: number; approveBy: string };
};

const workingDays = (n: number) => (n === 0 ? 'same working day' : `${n} working day${n === 1 ? '' : 's'}`);

/** The confirmation's list of items, as the order's page shows each: what, finishes, turnaround, price. */
function itemLines(items: readonly MailedItem[]): string {
  if (!items.length) return '';
  const lines = items.map((item, i) => {
    const what = `${item.qty.toLocaleString('en-GB')} · ${item.stockName} · ${item.sides === 'double' ? 'double-sided' : 'single-sided'}`;
    const options = item.choices?.options.length ? `\n   ${item.choices.options.map((o) => `${o.group}: ${o.name}`).join(' · ')}` : '';
    const turnaround = item.choices?.turnaround
      ? `\n   Turnaround: ${item.choices.turnaround.name} (${workingDays(item.choices.turnaround.production_days)})`
      : '';
    const price = item.price === null ? '' : ` — ${formatPence(item.price)}`;
    const proof = item.proof ? '\n   Proof to approve before printing' : '';
    return `${i + 1}. ${item.productName}${price}\n   ${what}${options}${turnaround}${proof}`;
  });
  return `\nYour items (prices before VAT):\n${lines.join('\n')}\n`;
}

/** The confirmation e-mail's sentence about the days: when it will be dispatched and delivered, or ready to collect. */
function confirmedDays(carrier: Carrier | null | undefined, dispatch: string, delivery: string | null): string {
  if (isCollection(carrier)) return `It will be ready to collect on ${formatDay(dispatch)}.`;
  return `We will dispatch it on ${formatDay(dispatch)}` + (delivery ? `; expected delivery ${formatDay(delivery)}.` : '.');
}

/** The same sentence for an order whose dates count from the approval of its proofs. */
function confirmedDaysWithProofs(
  carrier: Carrier | null | undefined,
  dispatch: string,
  delivery: string | null,
  proofs: { count: number; approveBy: string },
): string {
  const the = proofs.count === 1 ? 'the proof' : 'the proofs';
  const condition = `if you approve ${the} ${proofs.approveBy} (UK time)`;
  const days = isCollection(carrier)
    ? `It will be ready to collect on ${formatDay(dispatch)} ${condition}.`
    : `We will dispatch it on ${formatDay(dispatch)} ${condition}` + (delivery ? `; expected delivery ${formatDay(delivery)}.` : '.');
  const what = proofs.count === 1 ? 'a proof' : `${proofs.count} proofs`;
  return `Before anything is printed we send you ${what} to approve, and the dispatch date counts from your approval.\n${days}`;
}

/** The customer's e-mail about the order's new status (live, problem, dispatched), as the order-mail job writes it from the move's facts. */
export function orderMail(
  order: MailedOrder,
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
      if (order.proofs && order.dispatchDue) {
        const { proofs } = order;
        return {
          to: order.email,
          subject: `Order ${order.id} confirmed — ${promisedDays(carrier, order.dispatchDue)} if you approve ${proofs.count === 1 ? 'the proof' : 'the proofs'} ${proofs.approveBy}`,
          text:
            `${hello}Thank you: order ${order.id}${ref} is confirmed.\n\n` +
            confirmedDaysWithProofs(carrier, order.dispatchDue, order.deliveryDue, proofs) +
            '\n' +
            (order.total !== null ? `Total: ${formatPence(order.total)} including VAT (${formatPence(order.totalVat ?? 0)}).\n` : '') +
            itemLines(order.items ?? []) +
            `\nFollow it here: ${link}${sign}`,
        };
      }
      return {
        to: order.email,
        subject: `Order ${order.id} confirmed — ${order.dispatchDue ? promisedDays(carrier, order.dispatchDue) : 'dispatch date to follow'}`,
        text:
          `${hello}Thank you: order ${order.id}${ref} is confirmed and waiting for production.\n\n` +
          (order.dispatchDue ? confirmedDays(carrier, order.dispatchDue, order.deliveryDue) + '\n' : '') +
          (order.total !== null ? `Total: ${formatPence(order.total)} including VAT (${formatPence(order.totalVat ?? 0)}).\n` : '') +
          itemLines(order.items ?? []) +
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
