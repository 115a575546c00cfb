import type { FastifyPluginAsync } from 'fastify';
import { count, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  marginCreateSchema,
  marginRowsSchema,
  marginUpdateSchema,
  productCreateSchema,
  productUpdateSchema,
  reorderSchema,
  stockCreateSchema,
  stockUpdateSchema,
  userPriceCreateSchema,
  userPriceUpdateSchema,
  userProductsUpdateSchema,
} from '../../../shared/api/catalogue';
import type { Db } from '../../db/client';
import { products, stock, stockMargins, userPrices, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { staffOnly } from '../../lib/auth';
import { HttpError } from '../../lib/errors';
import { restResource, type ListQuery } from '../../lib/rest-list';
import type { ZodTypeProvider } from '../../lib/zod';
import { agreementsService } from './agreements';
import { marginsService } from './margins';
import { presentMargin, presentStock, presentUserPrice } from './present';
import { presentProducts, productsService } from './products';
import { stockProductCount, stockService } from './stock';

/** One page and the total of a list: the page's rows and `count(*)` under the same where. */
async function page<T>(db: Db, table: typeof stock | typeof products | typeof stockMargins | typeof userPrices | typeof users, query: ListQuery, rows: () => Promise<T[]>) {
  const [[{ total }], list] = await Promise.all([db.select({ total: count() }).from(table).where(query.where), rows()]);
  return { rows: list, total };
}

/** A record, or null when the service says 404 (rest-list answers that 404 itself); other errors propagate. */
const orNull = <T>(promise: Promise<T>): Promise<T | null> =>
  promise.catch((err: unknown) => {
    if (err instanceof HttpError && err.statusCode === 404) return null;
    throw err;
  });

const pairParams = z.object({
  id: z.coerce.number({ message: 'Not a product id' }).int().positive().max(2 ** 31 - 1),
  stockId: z.coerce.number({ message: 'Not a stock id' }).int().positive().max(2 ** 31 - 1),
});

/** Staff CRUD for the catalogue and customer terms, in the ra-data-simple-rest protocol (lib/rest-list). */
const catalogueAdminRoutes: FastifyPluginAsync<AppDeps> = async (fastify, { db }) => {
  fastify.addHook('onRequest', staffOnly);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const stockSvc = stockService(db);
  const productsSvc = productsService(db);
  const marginsSvc = marginsService(db);
  const agreements = agreementsService(db);
  const lower = (...cols: SQL[]) => sql`lower(${sql.join(cols, sql` || ' ' || `)})`;

  restResource(app, {
    name: 'stock',
    list: {
      id: stock.id,
      fields: {
        id: { column: stock.id, type: 'int' },
        name: { column: stock.name, type: 'text' },
        type: { column: stock.type, type: 'text' },
        active: { column: stock.active, type: 'bool' },
        sort_order: { column: stock.sortOrder, type: 'int' },
      },
      sortable: ['id', 'name', 'type', 'sort_order', 'active'],
      defaultSort: ['sort_order', 'ASC'],
      searchText: lower(sql`${stock.name}`, sql`${stock.type}`),
    },
    findMany: (q) =>
      page(db, stock, q, async () =>
        (
          await db
            .select({ row: stock, count: stockProductCount })
            .from(stock)
            .where(q.where)
            .orderBy(...q.orderBy)
            .offset(q.offset)
            .limit(q.limit)
        ).map((r) => presentStock(r.row, r.count)),
      ),
    findOne: (id) => orNull(stockSvc.get(id)),
    create: { schema: stockCreateSchema, run: (input) => stockSvc.create(input) },
    update: { schema: stockUpdateSchema, run: (id, input) => stockSvc.update(id, input) },
    remove: (id) => stockSvc.remove(id),
  });

  restResource(app, {
    name: 'products',
    list: {
      id: products.id,
      fields: {
        id: { column: products.id, type: 'int' },
        name: { column: products.name, type: 'text' },
        multiplier: { column: products.multiplier, type: 'int' },
        large_item: { column: products.largeItem, type: 'bool' },
        restricted: { column: products.restricted, type: 'bool' },
        active: { column: products.active, type: 'bool' },
        sort_order: { column: products.sortOrder, type: 'int' },
      },
      sortable: ['id', 'name', 'multiplier', 'sort_order', 'active', 'restricted'],
      defaultSort: ['sort_order', 'ASC'],
      searchText: lower(sql`${products.name}`, sql`${products.description}`),
    },
    findMany: (q) =>
      page(db, products, q, async () =>
        presentProducts(db, await db.select().from(products).where(q.where).orderBy(...q.orderBy).offset(q.offset).limit(q.limit)),
      ),
    findOne: (id) => orNull(productsSvc.get(id)),
    create: { schema: productCreateSchema, run: (input) => productsSvc.create(input) },
    update: { schema: productUpdateSchema, run: (id, input) => productsSvc.update(id, input) },
    remove: (id) => productsSvc.remove(id),
  });

  restResource(app, {
    name: 'margins',
    list: {
      id: stockMargins.id,
      fields: {
        id: { column: stockMargins.id, type: 'int' },
        product_id: { column: stockMargins.productId, type: 'int' },
        stock_id: { column: stockMargins.stockId, type: 'int' },
        qty: { column: stockMargins.qty, type: 'int' },
      },
      sortable: ['id', 'qty', 'product_id', 'stock_id', 'margin'],
      defaultSort: ['qty', 'ASC'],
    },
    findMany: (q) =>
      page(db, stockMargins, q, async () =>
        (await db.select().from(stockMargins).where(q.where).orderBy(...q.orderBy).offset(q.offset).limit(q.limit)).map(presentMargin),
      ),
    findOne: (id) => orNull(marginsSvc.get(id)),
    create: { schema: marginCreateSchema, run: (input) => marginsSvc.create(input) },
    update: { schema: marginUpdateSchema, run: (id, input) => marginsSvc.update(id, input) },
    remove: (id) => marginsSvc.remove(id),
  });

  restResource(app, {
    name: 'user-prices',
    list: {
      id: userPrices.id,
      fields: {
        id: { column: userPrices.id, type: 'int' },
        user_id: { column: userPrices.userId, type: 'int' },
        product_id: { column: userPrices.productId, type: 'int' },
      },
      sortable: ['id', 'user_id', 'product_id', 'discount'],
      defaultSort: ['id', 'ASC'],
    },
    findMany: (q) =>
      page(db, userPrices, q, async () =>
        (await db.select().from(userPrices).where(q.where).orderBy(...q.orderBy).offset(q.offset).limit(q.limit)).map(presentUserPrice),
      ),
    findOne: (id) => orNull(agreements.getPrice(id)),
    create: { schema: userPriceCreateSchema, run: (input) => agreements.createPrice(input) },
    update: { schema: userPriceUpdateSchema, run: (id, input) => agreements.updatePrice(id, input) },
    remove: (id) => agreements.removePrice(id),
  });

  // A customer's restricted products: one record per user, `id` being the user's, carrying `product_ids`.
  restResource(app, {
    name: 'user-products',
    list: {
      id: users.id,
      fields: { id: { column: users.id, type: 'int' } },
      sortable: ['id'],
      defaultSort: ['id', 'ASC'],
      scope: isNull(users.deletedAt),
    },
    findMany: (q) =>
      page(db, users, q, async () => {
        const ids = (await db.select({ id: users.id }).from(users).where(q.where).orderBy(...q.orderBy).offset(q.offset).limit(q.limit)).map((r) => r.id);
        const links = await agreements.productIdsOf(ids);
        return ids.map((id) => ({ id, product_ids: links.get(id) ?? [] }));
      }),
    findOne: (id) => agreements.userProducts(id),
    update: { schema: userProductsUpdateSchema, run: (id, input) => agreements.setUserProducts(id, input.product_ids ?? []) },
  });

  // Reordering: the ids in their new order (DESIGN: products and stock are listed in the printer's order).
  app.post('/api/admin/stock/reorder', { schema: { body: reorderSchema } }, async (request) => {
    await stockSvc.reorder(request.body.ids);
    return { ok: true };
  });
  app.post('/api/admin/products/reorder', { schema: { body: reorderSchema } }, async (request) => {
    await productsSvc.reorder(request.body.ids);
    return { ok: true };
  });

  // The margins page of one product/stock pair: read it whole, save it whole.
  app.get('/api/admin/products/:id/stock/:stockId/margins', { schema: { params: pairParams } }, async (request) =>
    marginsSvc.pair(request.params.id, request.params.stockId),
  );
  app.put('/api/admin/products/:id/stock/:stockId/margins', { schema: { params: pairParams, body: marginRowsSchema } }, async (request) =>
    marginsSvc.replacePair(request.params.id, request.params.stockId, request.body.rows),
  );
};

export default catalogueAdminRoutes;
