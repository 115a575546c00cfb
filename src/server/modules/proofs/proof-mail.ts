import type { MailMessage } from '../../lib/mail';
import type { MailLinks } from '../orders/order-mail';

/** The proof an e-mail is about, and to whom it goes: always the account holder, never a delivery contact. */
export interface ProofMailFacts {
  to: string;
  firstname: string;
  orderId: number;
  ref: string;
  itemPosition: number;
  itemCount: number;
  product: string;
  qty: number;
  sides: 'single' | 'double';
  version: number;
  /** The link of the e-mail: `${APP_URL}/proof/{token}`. */
  link: string;
  /** Staff made this version themselves (a replacement of the one made from the artwork). */
  uploaded: boolean;
}

/** "Your proof is ready": what it is a proof of, where to look at it, and that nothing is printed until it is approved. */
export function proofReadyMail(f: ProofMailFacts, { appName }: Pick<MailLinks, 'appName'>): MailMessage {
  const ref = f.ref ? ` (your reference ${f.ref})` : '';
  const item = f.itemCount > 1 ? `item ${f.itemPosition} of order ${f.orderId}` : `order ${f.orderId}`;
  const what = `${f.product}, ${f.qty.toLocaleString('en-GB')}, ${f.sides === 'double' ? 'double-sided' : 'single-sided'}`;
  const opening = f.uploaded
    ? `We have made a new proof of ${item}${ref} for you to look at: ${what} (proof version ${f.version}). It replaces the one before.`
    : `The proof of ${item}${ref} is ready: ${what} (proof version ${f.version}).`;
  return {
    to: f.to,
    subject: `Your proof is ready: order ${f.orderId}${f.itemCount > 1 ? `, item ${f.itemPosition}` : ''} (version ${f.version})`,
    text:
      `Hello ${f.firstname},\n\n${opening}\n\n` +
      `Look at it, then approve it or tell us what to change: ${f.link}\n\n` +
      `Check it carefully: we print exactly what you approve. Nothing is printed until you approve it, and the dispatch date counts from your approval.\n\n${appName}`,
    links: [f.link],
  };
}

/** Staff hear of a proof the job gave up on: the item waits as "proof being made" until they upload one. */
export function proofFailedMail(
  to: string,
  f: { orderId: number; itemId: number; version: number; error: string },
  { appUrl, appName }: MailLinks,
): MailMessage {
  const link = `${appUrl}/admin/orders/${f.orderId}/show`;
  return {
    to,
    subject: `Proof not made: order ${f.orderId}, item ${f.itemId} (version ${f.version})`,
    text:
      `The proof of order ${f.orderId}, item ${f.itemId} (version ${f.version}) could not be made from its artwork, after every attempt:\n\n${f.error}\n\n` +
      `The customer sees "Proof being made" until a proof is ready. Make one by hand (from the RIP) and upload it on the order's page: ${link}\n\n${appName}`,
    links: [link],
  };
}
