import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppDeps } from '../../deps';
import { prepareFiles } from '../../modules/tickets/attachments';
import { orders, tickets, users } from '../schema';
import { DEMO_ACCOUNTS } from './demo-accounts';

/** A phone photo of a printed flyer with a hairline across it: what a customer would attach. */
async function flyerPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <rect width="1200" height="900" fill="#d8d2c4"/>
    <g transform="rotate(-4 600 450)">
      <rect x="260" y="120" width="680" height="660" fill="#fbfaf7" stroke="#c9c3b5"/>
      <rect x="300" y="160" width="600" height="230" fill="#d9472b"/>
      <text x="330" y="300" font-family="sans-serif" font-size="72" font-weight="bold" fill="#fff">Spring menu</text>
      <rect x="300" y="430" width="420" height="22" fill="#555"/><rect x="300" y="480" width="520" height="22" fill="#777"/>
      <rect x="300" y="530" width="360" height="22" fill="#777"/><rect x="300" y="580" width="480" height="22" fill="#777"/>
      <line x1="262" y1="262" x2="938" y2="262" stroke="#fff" stroke-width="3"/>
    </g>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/**
 * Demo tickets (DESIGN §2 "Demo data"): one waiting for staff, one answered with a photo in its
 * thread, one settled and closed — made through the tickets service, mail and all.
 */
export async function seedDemoTickets(deps: AppDeps): Promise<number> {
  const { db, tickets: service } = deps;
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(tickets);
  if (n > 0) return 0;
  const person = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0];
  const [admin, jane, tom] = await Promise.all(DEMO_ACCOUNTS.slice(0, 3).map((a) => person(a.email)));
  if (!admin || !jane || !tom) return 0;
  const orderOf = async (ref: string) => (await db.select({ id: orders.id }).from(orders).where(eq(orders.ref, ref)))[0]?.id;
  const staff = { actor: 'staff' as const, userId: admin.id };

  const photo = await prepareFiles([{ name: 'flyer-line.jpg', data: await flyerPhoto() }], deps.artworkEngine);
  const flyers = await service.open(
    jane.id,
    {
      reason: 'Print quality',
      details: 'A thin white line runs across the red panel on some of the spring menu flyers — maybe one in twenty. Photo attached. Can you reprint those?',
      order_id: await orderOf('INK-2041 spring menu'),
    },
    photo,
  );
  await service.write(
    flyers.id,
    staff,
    null,
    'Thank you for the photo, Jane — that is a scratch on the press blanket. We are reprinting the whole run today at no charge, and it will go out tomorrow by the same service.',
    [],
  );

  await service.open(
    tom.id,
    {
      reason: 'Delivery',
      details: 'Tracking says the loyalty cards were delivered yesterday, but nothing has arrived at the café. Could you check with Royal Mail?',
      order_id: await orderOf('Café loyalty cards'),
    },
    [],
  );

  const billing = await service.open(
    jane.id,
    { reason: 'Billing', details: 'Our accounts team needs our purchase order number on the invoice for the business cards (INK-2047). Is that possible?' },
    [],
  );
  await service.write(
    billing.id,
    staff,
    null,
    'It is there already: every invoice shows the reference you give an order, and INK-2047 is the reference of that order. You can download the invoice from the Invoices page at any time.',
    [],
  );
  await service.write(billing.id, { actor: 'customer', userId: jane.id }, jane.id, 'Perfect, thank you!', []);
  await service.move(billing.id, 'closed', { actor: 'customer', userId: jane.id }, jane.id);
  return 3;
}
