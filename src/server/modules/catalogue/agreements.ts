import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { userPriceCreateSchema, UserPriceRecord, userPriceUpdateSchema, UserProductsRecord } from '../../../shared/api/catalogue';
import type { Db } from '../../db/client';
import { products, userPrices, userProducts, users, type UserPriceRow } from '../../db/schema';
import { notFound, uniqueAsFieldError, unprocessable } from '../../lib/errors';
import { fieldsOf, type ListSpec } from '../../lib/rest-list';
import { presentUserPrice } from './present';
import { linkedInOrder } from './reorder';

type UserPriceCreate = z.output<typeof userPriceCreateSchema>;
type UserPriceUpdate = z.output<typeof userPriceUpdateSchema>;

const DUPLICATE = 'This customer already has a discount on this product: edit that one';

async function checkUser(tx: Db, userId: number, field = 'user_id'): Promise<void> {
  const [u] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt)));
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

  async function userProductsOf(userId: number): Promise<UserProductsRecord | null> {
    const [u] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt)));
    if (!u) return null;
    return { id: userId, product_ids: (await productIdsOf(db, [userId])).get(userId) ?? [] };
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
  const userProductsList: ListSpec<UserProductsRecord, { id: number }> = {
    table: users,
    select: { id: users.id },
    present: async (rows) => {
      const links = await productIdsOf(db, rows.map((r) => r.id));
      return rows.map(({ id }) => ({ id, product_ids: links.get(id) ?? [] }));
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

      update: (id: number, input: UserPriceUpdate) =>
        asFieldError(() =>
          db.transaction(async (tx) => {
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

      async remove(id: number): Promise<UserPriceRecord> {
        return db.transaction(async (tx) => {
          const record = await getPrice(id, tx);
          await tx.delete(userPrices).where(eq(userPrices.id, id));
          return record;
        });
      },
    },

    userProductsList,

    /** The restricted products one customer may order; null for no such customer. */
    userProducts: userProductsOf,

    /** The same, or 404 for no such customer. */
    async requireUserProducts(userId: number): Promise<UserProductsRecord> {
      const record = await userProductsOf(userId);
      if (!record) throw notFound('No such customer.');
      return record;
    },

    /** Replaces a customer's product links with `productIds`, in one transaction. */
    async setUserProducts(userId: number, productIds: number[]): Promise<UserProductsRecord> {
      return db.transaction(async (tx) => {
        await checkUser(tx, userId, 'id');
        await checkProducts(tx, productIds, 'product_ids');
        await tx.delete(userProducts).where(eq(userProducts.userId, userId));
        if (productIds.length) await tx.insert(userProducts).values(productIds.map((productId) => ({ userId, productId })));
        return { id: userId, product_ids: (await productIdsOf(tx, [userId])).get(userId) ?? [] };
      });
    },
  };
}

export type AgreementsService = ReturnType<typeof agreementsService>;
