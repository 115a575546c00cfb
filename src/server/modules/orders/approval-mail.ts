import { formatPence } from '../../../shared/domain/pricing/format';
import type { MailMessage } from '../../lib/mail';
import type { MailLinks } from './order-mail';

/*
 * The e-mails of a buyer's order held for an owner's approval (DESIGN §2 "Companies"): the owners are
 * asked, each with their own signed link (approval-link.ts), and the buyer is told the answer, with
 * the order's page. The reader signs in first: no link is a credential.
 */

/** The order an e-mail is about. */
export interface MailedApproval {
  orderId: number;
  ref: string;
  /** Pence, as frozen when it was sent for approval. */
  totalNet: number;
  total: number;
}

const refOf = (o: MailedApproval) => (o.ref ? ` (reference ${o.ref})` : '');
const orderPage = (o: MailedApproval, { appUrl }: MailLinks) => `${appUrl}/orders/${o.orderId}`;
const basketPage = (o: MailedApproval, { appUrl }: MailLinks) => `${appUrl}/create/${o.orderId}`;

/** To each owner: a buyer's order waits for their approval, with their signed link to approve or decline it. */
export function approvalRequestMail(
  to: { email: string; firstname: string },
  o: MailedApproval,
  why: { buyer: string; limit: number; link: string },
  links: MailLinks,
): MailMessage {
  const { link } = why;
  return {
    to: to.email,
    subject: `Order ${o.orderId} from ${why.buyer} waits for your approval`,
    text:
      `Hello ${to.firstname},\n\n` +
      `${why.buyer} has confirmed order ${o.orderId}${refOf(o)} for ${formatPence(o.totalNet)} before VAT (${formatPence(o.total)} with VAT), ` +
      `which is above their approval limit of ${formatPence(why.limit)}. It is not printed until an owner of your company approves it.\n\n` +
      `Approve it, or decline it with a reason, on the order's page:\n${link}\n\n` +
      `${links.appName}\n`,
    links: [link],
  };
}

/** To the buyer: an owner approved their order, which their company has on account: it is confirmed. */
export function approvedMail(to: { email: string; firstname: string }, o: MailedApproval, owner: string, links: MailLinks): MailMessage {
  const link = orderPage(o, links);
  return {
    to: to.email,
    subject: `Order ${o.orderId} is approved and confirmed`,
    text:
      `Hello ${to.firstname},\n\n` +
      `${owner} approved order ${o.orderId}${refOf(o)}, and it is confirmed: ${formatPence(o.total)} on your company's account. ` +
      `Follow it on the order's page:\n${link}\n\n` +
      `${links.appName}\n`,
    links: [link],
  };
}

/** To the buyer: an owner approved their order, which their company pays by card: they pay on the order's page. */
export function approvedToPayMail(to: { email: string; firstname: string }, o: MailedApproval, owner: string, links: MailLinks): MailMessage {
  const link = orderPage(o, links);
  return {
    to: to.email,
    subject: `Order ${o.orderId} is approved: pay to confirm it`,
    text:
      `Hello ${to.firstname},\n\n` +
      `${owner} approved order ${o.orderId}${refOf(o)}. Your company pays by card: pay ${formatPence(o.total)} on the order's page to confirm it.\n` +
      `${link}\n\n` +
      `${links.appName}\n`,
    links: [link],
  };
}

/** To the buyer: an owner declined their order, and why; the basket is theirs to change again. */
export function declinedMail(
  to: { email: string; firstname: string },
  o: MailedApproval,
  decline: { owner: string; reason: string },
  links: MailLinks,
): MailMessage {
  const link = basketPage(o, links);
  return {
    to: to.email,
    subject: `Order ${o.orderId} was declined`,
    text:
      `Hello ${to.firstname},\n\n` +
      `${decline.owner} declined order ${o.orderId}${refOf(o)}, with this reason:\n\n${decline.reason}\n\n` +
      `The order is a basket again: change it and confirm it again, or discard it.\n${link}\n\n` +
      `${links.appName}\n`,
    links: [link],
  };
}
