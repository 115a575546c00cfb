import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { userPriceCreateSchema, UserPriceRecord, userPriceUpdateSchema, UserProductsRecord } from '../../../shared/api/catalogue';
import type { Db } from '../../db/client';
import { products, userPrices, userProducts, users, type UserPriceRow } from '../../db/schema';
import { notFound, uniqueAsFieldError, unprocessable } from '../../lib/domain-errors';
import { claimVersion, lockForDelete, type RecordKind } from '../../lib/record-versions';
import { fieldsOf, type ListSpec } from '../../lib/list-query';
import { presentUserPrice } from './present';
import { linkedInOrder } from './reorder';

type UserPriceCreate = z.output<typeof userPriceCreateSchema>;
type UserPriceUpdate = z.output<typeof userPriceUpdateSchema>;

const DUPLICATE = 'This customer already has a discount on this product: edit that one';

const PRICE: RecordKind = { noun: 'discount', missing: 'No such price agreement.' };
const priceVersioned = { table: userPrices, id: userPrices.id, version: userPrices.version };
/** A customer's restricted products are one record, its version the user's `product_links_version`. */
const LINKS: RecordKind = { noun: "customer's list of products", missing: 'No such customer.' };
const linksVersioned = { table: users, id: users.id, version: users.productLinksVersion };

async function checkUser(tx: Db, userId: number, field = 'user_id'): Promise<void> {
  const [u] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!u) throw unprocessable({ [field]: 'Unknown customer' });
}

async function checkProducts(tx: Db, ids: number[], field: string): Promise<void> {
  if (!ids.length) return;
  const found = new Set((await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids))).map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw unprocessable({ [field]: `Unknown product: ${missing.join(', ')}` });
}

async function checkNoOtherPrice(tx: Db, userId: number, productId: number, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: userPrices.id })
    .from(userPrices)
    .where(and(eq(userPrices.userId, userId), eq(userPrices.productId, productId), exceptId ? ne(userPrices.id, exceptId) : undefined));
  if (taken) throw unprocessable({ product_id: DUPLICATE });
}

const asFieldError = uniqueAsFieldError('user_prices_user_product_unique', { product_id: DUPLICATE });

/** The restricted products of each customer, in the printer's order. */
const productIdsOf = (tx: Db, userIds: number[]) => linkedInOrder(tx, { owner: userProducts.userId, linked: userProducts.productId }, products, userIds);

/** Each customer's terms: a discount per product, and the restricted products they may order. */
export function agreementsService(db: Db) {
  async function getPrice(id: number, tx: Db = db): Promise<UserPriceRecord> {
    const [row] = await tx.select().from(userPrices).where(eq(userPrices.id, id));
    if (!row) throw notFound('No such price agreement.');
    return presentUserPrice(row);
  }

  async function userProductsOf(userId: number, tx: Db = db): Promise<UserProductsRecord | null> {
    const [u] = await tx
      .select({ version: users.productLinksVersion })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)));
    if (!u) return null;
    return { id: userId, product_ids: (await productIdsOf(tx, [userId])).get(userId) ?? [], version: u.version };
  }

  const pricesList: ListSpec<UserPriceRecord, UserPriceRow> = {
    table: userPrices,
    present: (rows) => rows.map(presentUserPrice),
    id: userPrices.id,
    fields: fieldsOf(userPrices, { id: 'int', user_id: 'int', product_id: 'int' }),
    sortable: ['id', 'user_id', 'product_id', 'discount'],
    defaultSort: ['id', 'ASC'],
  };

  // A customer's restricted products: one record per (live) user, `id` being the user's, carrying `product_ids`.
  const userProductsList: ListSpec<UserProductsRecord, { id: number; version: number }> = {
    table: users,
    select: { id: users.id, version: users.productLinksVersion },
    present: async (rows) => {
      const links = await productIdsOf(
        db,
        rows.map((r) => r.id),
      );
      return rows.map(({ id, version }) => ({ id, product_ids: links.get(id) ?? [], version }));
    },
    id: users.id,
    fields: { id: { column: users.id, type: 'int' } },
    sortable: ['id'],
    defaultSort: ['id', 'ASC'],
    scope: isNull(users.deletedAt),
  };

  return {
    /** The discounts, one per customer and product (the user-prices resource). */
    prices: {
      list: pricesList,
      get: getPrice,

      create: (input: UserPriceCreate) =>
        asFieldError(() =>
          db.transaction(async (tx) => {
            await checkUser(tx, input.user_id);
            await checkProducts(tx, [input.product_id], 'product_id');
            await checkNoOtherPrice(tx, input.user_id, input.product_id);
            const [row] = await tx.insert(userPrices).values({ userId: input.user_id, productId: input.product_id, discount: input.discount }).returning();
            return presentUserPrice(row);
          }),
        ),

      update: (id: number, input: UserPriceUpdate, version: number) =>
        asFieldError(() =>
          db.transaction(async (tx) => {
            await claimVersion(tx, priceVersioned, id, version, PRICE);
            const current = await getPrice(id, tx);
            if (input.product_id !== undefined) {
              await checkProducts(tx, [input.product_id], 'product_id');
              await checkNoOtherPrice(tx, current.user_id, input.product_id, id);
            }
            if (input.product_id !== undefined || input.discount !== undefined) {
              await tx.update(userPrices).set({ productId: input.product_id, discount: input.discount }).where(eq(userPrices.id, id));
            }
            return getPrice(id, tx);
          }),
        ),

      async remove(id: number, version?: number): Promise<UserPriceRecord> {
        return db.transaction(async (tx) => {
          await lockForDelete(tx, priceVersioned, id, version, PRICE);
          const record = await getPrice(id, tx);
          await tx.delete(userPrices).where(eq(userPrices.id, id));
          return record;
        });
      },
    },

    userProductsList,

    /** The restricted products one customer may order; null for no such customer. */
    userProducts: userProductsOf,

    /**
     * Replaces a customer's product links with `productIds` (when given: a PUT without them changes
     * nothing but is still checked), in one transaction, at the version they were read at.
     */
    async setUserProducts(userId: number, productIds: number[] | undefined, version: number): Promise<UserProductsRecord> {
      return db.transaction(async (tx) => {
        await claimVersion(tx, linksVersioned, userId, version, LINKS, isNull(users.deletedAt));
        if (productIds) {
          await checkProducts(tx, productIds, 'product_ids');
          await tx.delete(userProducts).where(eq(userProducts.userId, userId));
          if (productIds.length) await tx.insert(userProducts).values(productIds.map((productId) => ({ userId, productId })));
        }
        return (await userProductsOf(userId, tx))!;
      });
    },
  };
}

export type AgreementsService = ReturnType<typeof agreementsService>;
