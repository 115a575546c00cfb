import { formatDay, type DispatchPromise } from '../../../shared/domain/calendar/workingDays';
import type { Carrier } from '../../../shared/domain/delivery/delivery';
import { isCollection, promisedDays } from '../../../shared/domain/orders/dates';
import type { MailMessage } from '../../lib/mail';
import type { MailLinks } from '../orders/order-mail';

/*
 * The customer's e-mails about their proofs' decisions and the reminders of a proof that waits:
 * each says which proof (version, item, order), and what it means for the order's dispatch date.
 */

/** The proof an e-mail is about, and the order it is of. */
export interface MailedProof {
  to: { email: string; firstname: string };
  orderId: number;
  ref: string;
  /** The item's place in the order (1, 2, …) and its product, as the order's page lists it. */
  itemNumber: number;
  itemId: number;
  productName: string;
  version: number;
  carrier: Carrier | null;
}

const refOf = (p: MailedProof) => (p.ref ? ` (your reference ${p.ref})` : '');
const proofName = (p: MailedProof) => `proof v${p.version} of item ${p.itemNumber} (${p.productName}) of order ${p.orderId}${refOf(p)}`;
const sentence = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);
const orderPage = (p: MailedProof, { appUrl }: MailLinks) => `${appUrl}/orders/${p.orderId}?proof=${p.itemId}`;

/** "we print it now, and will dispatch it on Tue 1 Dec; expected delivery Wed 2 Dec." (or ready to collect). */
function printNow(carrier: Carrier | null, dates: Pick<DispatchPromise, 'dispatch' | 'delivery'>): string {
  if (isCollection(carrier)) return `we print it now, and it will be ready to collect on ${formatDay(dates.dispatch)}.`;
  return `we print it now, and will dispatch it on ${formatDay(dates.dispatch)}` + (dates.delivery ? `; expected delivery ${formatDay(dates.delivery)}.` : '.');
}

/** What is left before the order is printed, when other proofs of it still wait. */
const stillWaiting = (waiting: number) =>
  `The order is printed once every proof of it is approved: ${waiting === 1 ? 'one more proof waits' : `${waiting} more proofs wait`} for your approval, ` +
  'and its dispatch date counts from the last approval.';

/**
 * A proof approved, by the customer or by staff for them: with every proof approved, the dispatch
 * date counted from this approval ("Thank you: we print it now; dispatch Tue 1 Dec").
 */
export function proofApprovedMail(
  p: MailedProof,
  outcome: { onBehalfBy: string | null; waiting: number; dates: Pick<DispatchPromise, 'dispatch' | 'delivery'> | null },
  links: MailLinks,
): MailMessage {
  const what = outcome.onBehalfBy
    ? `${outcome.onBehalfBy} approved ${proofName(p)} for you, as you asked by phone.`
    : `Thank you: you approved ${proofName(p)}.`;
  const next =
    outcome.waiting > 0
      ? stillWaiting(outcome.waiting)
      : `Every proof of the order is approved: ${outcome.dates ? printNow(p.carrier, outcome.dates) : 'we print it now.'}`;
  return {
    to: p.to.email,
    subject:
      outcome.waiting === 0 && outcome.dates
        ? `Order ${p.orderId}: proof approved — ${promisedDays(p.carrier, outcome.dates.dispatch)}`
        : `Order ${p.orderId}: proof v${p.version} approved`,
    text: `Hello ${p.to.firstname},\n\n${what}\n\n${next}\n\nFollow the order here: ${links.appUrl}/orders/${p.orderId}\n\n${links.appName}`,
  };
}

/** Changes asked to a proof: what was asked, and what happens next. */
export function proofChangesMail(p: MailedProof, comment: string, links: MailLinks): MailMessage {
  return {
    to: p.to.email,
    subject: `Order ${p.orderId}: your changes to proof v${p.version}`,
    text:
      `Hello ${p.to.firstname},\n\nWe have your changes to ${proofName(p)}:\n\n${comment}\n\n` +
      'We make a new proof with them and send it to you to approve. If they need a new file, upload it on the order’s page: ' +
      `${orderPage(p, links)}\n\nNothing is printed until you approve the proof, and the order’s dispatch date counts from that approval.\n\n${links.appName}`,
  };
}

/** How long a proof has waited, in words: "5 hours", "1 day", "3 days". */
export function waitedFor(ms: number): string {
  const hours = Math.max(0, Math.floor(ms / 3_600_000));
  if (hours < 24) return hours === 1 ? '1 hour' : `${hours} hours`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day' : `${days} days`;
}

/**
 * A reminder of a proof nobody decided on: how long it has waited, where to look at it (the
 * signed link), and the dispatch date an approval by the next cut-off would give.
 */
export function proofReminderMail(
  p: MailedProof,
  reminder: { waitedMs: number; link: string; waiting: number; dates: Pick<DispatchPromise, 'dispatch' | 'delivery'> | null; approveBy: string | null },
  links: MailLinks,
): MailMessage {
  const others = reminder.waiting - 1;
  let consequence = 'Its dispatch date counts from your approval.';
  if (reminder.dates && reminder.approveBy) {
    const { dispatch, delivery } = reminder.dates;
    const then = isCollection(p.carrier)
      ? `it will be ready to collect on ${formatDay(dispatch)}`
      : `we dispatch the order on ${formatDay(dispatch)}` + (delivery ? ` (expected delivery ${formatDay(delivery)})` : '');
    consequence =
      `Approve it ${reminder.approveBy} (UK time)${others > 0 ? ', with the order’s other proofs,' : ''} and ${then}. ` +
      'Each working day it waits moves that date on by a day.';
  }
  return {
    to: p.to.email,
    subject: `Reminder: proof v${p.version} of order ${p.orderId} waits for your approval`,
    text:
      `Hello ${p.to.firstname},\n\n${sentence(proofName(p))} has waited ${waitedFor(reminder.waitedMs)} for your approval. ` +
      `We print the order only once it is approved.\n\n${consequence}\n\nLook at the proof, then approve it or ask for changes: ${reminder.link}\n\n${links.appName}`,
    links: [reminder.link],
  };
}
