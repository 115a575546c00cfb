import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Orientation } from '../../../shared/domain/orders/proof-geometry';
import type { Db } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import type { FileStore } from '../../lib/files';
import { PermanentJobError, type JobQueue } from '../../lib/jobs';
import type { ServiceLog } from '../../lib/logging';
import { MAX_PROOF_PAGES, type ArtworkEngine, type CheckStatus, type PreflightReport } from '../artwork/preflight';
import type { MailOutbox } from '../mail/service';
import { withNewVersion } from '../orders/order-version';
import type { SettingsService } from '../settings/service';
import { proofFailedMail } from './proof-mail';
import { proofPdf } from './proof-pdf';
import { itemFacts, lockedItemFacts, publishProof, type ItemFacts, type PublishDeps } from './publish';
import { PROOF_ATTEMPTS, PROOF_QUEUE, type ProofJob } from './start';

export { PROOF_QUEUE, type ProofJob } from './start';

/** The long side of an artwork page's picture on a proof: some 200 dpi at the size the proof shows it. */
const PROOF_IMAGE_LONG_SIDE_PX = 1600;

/** The proof's details, from the item as it is when the proof is made. */
function contentOf(item: ItemFacts, version: number, issuer: string | null) {
  const report = item.preflight as PreflightReport | null;
  return {
    orderId: item.orderId,
    ref: item.ref,
    itemPosition: item.position,
    itemCount: item.count,
    itemId: item.itemId,
    version,
    product: item.product,
    size: { trimWidthMm: item.trimWidthMm, trimHeightMm: item.trimHeightMm, bleedMm: item.bleedMm },
    stock: item.stock,
    options: (item.choices?.options ?? []).map((o) => `${o.group}: ${o.name}`),
    turnaround: item.choices?.turnaround ? `${item.choices.turnaround.name} (${days(item.choices.turnaround.production_days)})` : null,
    qty: item.qty,
    sides: item.sides as 'single' | 'double',
    orientation: item.orientation as Orientation,
    artworkName: item.artworkName ?? 'artwork.pdf',
    artworkPages: report?.pages ?? 0,
    checks: report?.checks ?? [],
    checkStatus: (item.preflightStatus ?? 'pass') as CheckStatus,
    madeAt: new Date(),
    issuer,
    author: issuer ?? (item.companyName || `${item.firstname}`),
  };
}

const days = (n: number) => (n === 0 ? 'same working day' : `${n} working day${n === 1 ? '' : 's'}`);

/**
 * The proof job (DESIGN §2 "Proofs and templates"): draws the item's checked artwork with PDFium
 * (the artwork engine's worker, one job at a time), lays each page out on a proof with its lines
 * and the job's details, stores the PDF and publishes it as the version the item is making — unless
 * the item has moved on meanwhile (a staff upload, a newer version asked for), when the job does
 * nothing. A job that keeps failing leaves the item `making` and tells staff (STAFF_EMAIL), who
 * upload a proof of their own: the customer is never shown a broken proof.
 */
export function proofJob(
  deps: PublishDeps & {
    db: Db;
    files: FileStore;
    jobs: JobQueue;
    engine: ArtworkEngine;
    outbox: MailOutbox;
    settings: SettingsService;
    log: ServiceLog;
  },
) {
  const { db, files, jobs, engine, settings, log } = deps;

  /** The proof's PDF for the item as it is: its artwork drawn by PDFium, laid out here. */
  async function render(item: ItemFacts, version: number): Promise<Buffer> {
    if (!item.artworkKey) throw new PermanentJobError(`Item ${item.itemId} has no artwork to make a proof of`);
    const dir = await mkdtemp(path.join(tmpdir(), 'pjt-proof-'));
    try {
      const outPaths = Array.from({ length: MAX_PROOF_PAGES }, (_, i) => path.join(dir, `page-${i + 1}.jpg`));
      const drawn = await files.withLocalCopy(item.artworkKey, (artwork) => engine.render(artwork, outPaths, PROOF_IMAGE_LONG_SIDE_PX));
      if (!drawn.rendered.length) throw new PermanentJobError(`The artwork of item ${item.itemId} has no page to draw`);
      // A blind-dispatch order's proof names no printer: the customer may pass it on to their own client.
      const issuer = item.blindDispatch ? null : (await settings.value('COMPANY_NAME', deps.appName)).trim() || deps.appName;
      return await proofPdf({ ...contentOf(item, version, issuer), pages: drawn.rendered });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async function make({ itemId, version }: ProofJob, job: { fence(tx: Db): Promise<void> }): Promise<void> {
    const item = await itemFacts(db, itemId);
    if (!item || item.proofStatus !== 'making' || item.proofVersion !== version) return; // moved on meanwhile
    const pdf = await render(item, version);
    const key = `proofs/${randomUUID()}.pdf`;
    await files.put(key, pdf);
    let published = false;
    try {
      await db.transaction(async (tx) => {
        await job.fence(tx);
        const now = await lockedItemFacts(tx, itemId);
        if (!now || now.proofStatus !== 'making' || now.proofVersion !== version) return;
        await publishProof(tx, deps, now, { version, fileKey: key, fileSize: pdf.length, source: 'generated', staff: null });
        published = true;
      });
    } finally {
      if (!published) await files.delete(key);
    }
    jobs.wake();
  }

  jobs.register<ProofJob>(PROOF_QUEUE, make, {
    concurrency: 1,
    maxAttempts: PROOF_ATTEMPTS,
    backoff: { baseMs: 15_000, maxMs: 5 * 60_000 },
    async onError(job, error, retryAt) {
      if (retryAt) return;
      const { itemId, version } = job.payload as ProofJob;
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      log.error({ job: job.id, itemId, version, err: message }, 'a proof could not be made; staff are told');
      const item = await itemFacts(db, itemId);
      if (!item || item.proofStatus !== 'making' || item.proofVersion !== version) return;
      const to = (await settings.value('STAFF_EMAIL', '')).trim();
      if (to) await deps.outbox.queue(db, proofFailedMail(to, { orderId: item.orderId, itemId, version, error: message }, deps));
    },
  });

  return {
    /**
     * After an artwork check, in its transaction: an item of a Pending order whose customer asked for
     * changes to its proof and whose new artwork passed (or passed with warnings, which its proof
     * shows them) is making its next version, with its job. A failed check leaves it as it is: the
     * customer sees the check and uploads again.
     */
    async afterArtworkCheck(tx: Db, itemId: number): Promise<void> {
      const next = await tx
        .update(orderItems)
        .set({ proofStatus: 'making', proofVersion: sql`${orderItems.proofVersion} + 1`, proofStatusAt: new Date() })
        .where(
          and(
            eq(orderItems.id, itemId),
            eq(orderItems.proofStatus, 'changes_requested'),
            inArray(orderItems.preflightStatus, ['pass', 'warn']),
            sql`${orderItems.orderId} in (select ${orders.id} from ${orders} where ${orders.status} = 'live')`,
          ),
        )
        .returning({ orderId: orderItems.orderId, version: orderItems.proofVersion });
      if (!next.length) return;
      await tx.update(orders).set(withNewVersion()).where(eq(orders.id, next[0].orderId));
      await jobs.enqueue(tx, PROOF_QUEUE, { itemId, version: next[0].version! } satisfies ProofJob, { maxAttempts: PROOF_ATTEMPTS });
    },
  };
}

export type ProofJobs = ReturnType<typeof proofJob>;
