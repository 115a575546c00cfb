/**
 * Invoice PDF rendering: the A4 invoice of an order with three lines, drawn by pdfkit
 * as the invoice job does, 300 times after 20 to warm up; p50 and p95 (goal p95 ≤ 50 ms).
 *
 *   npx tsx bench/run.ts invoices
 */
import { invoicePdf, type InvoiceContent } from '../src/server/modules/invoices/invoice-pdf';
import { percentile, type BenchRow } from './lib/stats';

const GOAL_P95_MS = 50;

const content: InvoiceContent = {
  seller: {
    name: 'Print Junction Trade Ltd',
    address: 'Unit 4, Junction Business Park, Leeds LS11 5QN, United Kingdom',
    vat_number: 'GB 123 4567 89',
    phone: '0113 496 0000',
    email: 'hello@printjunction.test',
  },
  buyer: { company: 'Inkwell Design Studio', name: 'Jane Okafor', lines: ['12 Mill Street', 'Manchester', 'M1 3LJ', 'United Kingdom'] },
  order: { id: 1042, ref: 'INK-2052 open day', confirmed_at: null, dispatched_at: null, tracking_number: 'TT123456789GB' },
  lines: [
    { description: 'DL leaflets — 170gsm Gloss, double-sided', qty: 2500, net: 8650 },
    { description: 'Postcards A6 — 350gsm Silk, single-sided', qty: 500, net: 3120 },
    { description: 'Business cards 85×55mm — 400gsm Uncoated, double-sided', qty: 250, net: 2400 },
  ],
  delivery: { name: 'Royal Mail Tracked 48', net: 495 },
  net: 14665,
  vat: 2933,
  vat_rate: 20,
  total: 17598,
};

export async function benchInvoices(): Promise<BenchRow[]> {
  for (let i = 0; i < 20; i++) await invoicePdf({ number: `INV-${i}`, date: '2026-11-23' }, content);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 300; i++) {
    const started = performance.now();
    bytes = (await invoicePdf({ number: `INV-${String(i).padStart(6, '0')}`, date: '2026-11-23' }, content)).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  return [
    {
      name: `Invoice PDF rendering, p50 / p95 of 300 (goal p95 ≤ ${GOAL_P95_MS} ms)`,
      value: `${percentile(times, 50).toFixed(1)} / ${p95.toFixed(1)} ms, ${Math.round(bytes / 1024)} kB each ${p95 <= GOAL_P95_MS ? '✔' : '✘'}`,
    },
  ];
}
