import { randomUUID } from 'node:crypto';
import { pipeline, type Readable } from 'node:stream';
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PROOF_FILE_FIELD, PROOF_FILE_MAX_MB, type StaffProofVersion } from '../../../shared/api/proofs';
import type { Orientation } from '../../../shared/domain/orders/proof-geometry';
import { companyOrders } from '../../db/company-scope';
import type { Db } from '../../db/client';
import { orderItemProofs, orderItems, orders, products, users, type UserRow } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../lib/domain-errors';
import type { FileStore } from '../../lib/files';
import { isPdf } from '../../lib/pdf-file';
import type { ArtworkEngine } from '../artwork/preflight';
import type { PricesService } from '../prices/service';
import { lockedItemFacts, proofRow, publishProof, type PublishDeps } from './publish';
import { templatePdf } from './template-pdf';
import { capped } from '../../lib/capped-stream';

const MB = 1024 * 1024;
/** Bumped when the template's drawing changes, so that browsers holding the old one fetch it again. */
const TEMPLATE_DESIGN = 1;

/** A proof's PDF, to stream. */
export interface ProofFile {
  body: Readable;
  size: number;
  name: string;
}

/** A proof staff uploaded, staged in the file store until it is published (or refused and removed). */
export interface StagedProof {
  key: string;
  size: number;
}

const fullName = (u: { firstname: string | null; lastname: string | null } | null) => (u ? `${u.firstname ?? ''} ${u.lastname ?? ''}`.trim() || null : null);

/**
 * Proofs and templates (DESIGN §2 "Proofs and templates", §3 "Proofs"): an item's proof PDFs for
 * its customer and for staff, the staff list of its versions, staff's own proof (uploaded, it becomes
 * the next version and its customer is told again), and each product's artwork template.
 */
export function proofsService(deps: PublishDeps & { db: Db; files: FileStore; engine: ArtworkEngine; prices: Pick<PricesService, 'quoter'> }) {
  const { db, files, engine } = deps;

  /** The order's item (404 when the order has no such item, or — for a customer — the order is not one their company's members see). */
  async function itemOf(orderId: number, itemId: number, userId: number | null) {
    const [item] = await db
      .select({ id: orderItems.id, proofVersion: orderItems.proofVersion })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.id, itemId), eq(orders.id, orderId), ...(userId === null ? [] : [companyOrders(userId)])));
    if (!item) throw notFound(userId === null ? 'No such item.' : 'No such order.');
    return item;
  }

  /** The PDF of a version of the item's proof (its current one by default); 404 before the first is ready. */
  async function proofFile(orderId: number, itemId: number, userId: number | null, version: number | undefined): Promise<ProofFile> {
    await itemOf(orderId, itemId, userId);
    const row = await proofRow(db, itemId, version ?? null);
    const file = row && (await files.stream(row.fileKey));
    if (!row || !file) throw notFound(version ? `This item has no proof version ${version}.` : 'This item has no proof yet.');
    return { body: file.body, size: file.size, name: `order-${orderId}-item-${itemId}-proof-v${row.version}.pdf` };
  }

  return {
    /** The customer's proof: their own order's item only. */
    customerProof: (user: UserRow, orderId: number, itemId: number, version?: number) => proofFile(orderId, itemId, user.id, version),

    staffProof: (orderId: number, itemId: number, version?: number) => proofFile(orderId, itemId, null, version),

    /** Every version of the item's proof, newest first, with who made it and what was decided on it. */
    async versions(orderId: number, itemId: number): Promise<StaffProofVersion[]> {
      await itemOf(orderId, itemId, null);
      const creator = alias(users, 'creator');
      const decider = alias(users, 'decider');
      const rows = await db
        .select({
          proof: orderItemProofs,
          creator: { firstname: creator.firstname, lastname: creator.lastname },
          decider: { firstname: decider.firstname, lastname: decider.lastname },
        })
        .from(orderItemProofs)
        .leftJoin(creator, eq(creator.id, orderItemProofs.createdByUserId))
        .leftJoin(decider, eq(decider.id, orderItemProofs.decidedByUserId))
        .where(eq(orderItemProofs.orderItemId, itemId))
        .orderBy(desc(orderItemProofs.version));
      return rows.map(({ proof, creator: made, decider: decided }) => ({
        version: proof.version,
        source: proof.source as StaffProofVersion['source'],
        size: proof.fileSize,
        created_at: proof.createdAt.toISOString(),
        created_by: fullName(made),
        decision: proof.decision as StaffProofVersion['decision'],
        decided_at: proof.decidedAt?.toISOString() ?? null,
        decided_by: fullName(decided),
        on_behalf: proof.decidedOnBehalf,
        comment: proof.comment,
        reminders_sent: proof.remindersSent,
      }));
    },

    /**
     * Streams staff's proof upload to the file store (never whole in memory) and checks it is a PDF
     * the engine opens: a 422 on `file` otherwise, with nothing left behind.
     */
    async stage(stream: Readable): Promise<StagedProof> {
      const key = `proofs/${randomUUID()}.pdf`;
      const cap = capped(PROOF_FILE_MAX_MB * MB);
      let size: number;
      try {
        size = await files.write(
          key,
          pipeline(stream, cap.stream, () => {}),
        );
      } catch (error) {
        await files.delete(key);
        throw error;
      }
      const refuse = async (message: string) => {
        await files.delete(key);
        return unprocessable({ [PROOF_FILE_FIELD]: message });
      };
      if (cap.over()) throw await refuse(`A proof is at most ${PROOF_FILE_MAX_MB} MB: export it with images at their printed size.`);
      if (size === 0) throw await refuse('This file is empty: choose the proof PDF.');
      if (!(await files.withLocalCopy(key, (staged) => isPdf(engine, staged))))
        throw await refuse('This is not a PDF (or it is too damaged to open): export the proof from the RIP as a PDF and upload that.');
      return { key, size };
    },

    /** Removes a staged upload that was refused before it was published. */
    discard: (staged: StagedProof) => files.delete(staged.key),

    /**
     * Publishes staff's own proof as the item's next version: ready, the customer told again. While
     * a version is being made the upload is that version (the job then finds it made, and does
     * nothing); after a ready or a change request, the one after it. 409 when the version the staff
     * member saw is no longer the current one, for an approved proof, for an item without a proof,
     * and for an order that is not Pending. The staged file is removed unless it was published.
     */
    async upload(staff: UserRow, orderId: number, itemId: number, seenVersion: number, staged: StagedProof): Promise<{ version: number }> {
      let published: number | null = null;
      try {
        await db.transaction(async (tx) => {
          const [belongs] = await tx
            .select({ id: orderItems.id })
            .from(orderItems)
            .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)));
          if (!belongs) throw notFound('No such item.');
          const item = await lockedItemFacts(tx, itemId);
          if (!item) throw notFound('No such item.');
          if (item.orderStatus !== 'live') throw conflict(`Order ${orderId} is not Pending: a proof can only be sent while the order waits for production.`);
          if (item.proofStatus === null || item.proofVersion === null)
            throw conflict('This item has no proof: its customer did not ask for one and its product does not require one.');
          if (item.proofVersion !== seenVersion)
            throw conflict(`Proof version ${seenVersion} is out of date: the item is at version ${item.proofVersion}. Reload the order and try again.`);
          if (item.proofStatus === 'approved') throw conflict(`Proof version ${item.proofVersion} is already approved: it is final.`);
          const version = item.proofStatus === 'making' ? item.proofVersion : item.proofVersion + 1;
          await publishProof(tx, deps, item, {
            version,
            fileKey: staged.key,
            fileSize: staged.size,
            source: 'staff',
            staff: { id: staff.id, name: `${staff.firstname} ${staff.lastname}`.trim() || staff.email },
          });
          published = version;
        });
      } finally {
        if (published === null) await files.delete(staged.key);
      }
      return { version: published! };
    },

    /**
     * A product's artwork template for a customer who may see it on the price list (404 otherwise):
     * its ETag (the product's version and orientation), and the PDF made only when the caller has
     * no current copy.
     */
    async template(user: UserRow, productId: number, orientation: Orientation, fromName: string) {
      const visible = (await deps.prices.quoter(user)).product(productId);
      const [product] = visible
        ? await db
            .select({
              name: products.name,
              version: products.version,
              trimWidthMm: products.trimWidthMm,
              trimHeightMm: products.trimHeightMm,
              bleedMm: products.bleedMm,
            })
            .from(products)
            .where(eq(products.id, productId))
        : [];
      if (!product) throw notFound('No such product.');
      const slug = product.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      return {
        etag: `"template-${productId}-${product.version}-${orientation}-${TEMPLATE_DESIGN}"`,
        name: `template-${slug || productId}-${orientation}.pdf`,
        pdf: () => templatePdf({ product: product.name, size: product, orientation, from: fromName }),
      };
    },
  };
}

export type ProofsService = ReturnType<typeof proofsService>;
