import { z } from 'zod';
import {
  marginCreateSchema,
  marginPairSchema,
  marginRecordSchema,
  marginRowsSchema,
  marginUpdateSchema,
  productCreateSchema,
  productRecordSchema,
  productUpdateSchema,
  reorderSchema,
  stockCreateSchema,
  stockRecordSchema,
  stockUpdateSchema,
  userPriceCreateSchema,
  userPriceRecordSchema,
  userPriceUpdateSchema,
  userProductsRecordSchema,
  userProductsUpdateSchema,
} from '../../../shared/api/catalogue';
import {
  optionCreateSchema,
  optionGroupCreateSchema,
  optionGroupRecordSchema,
  optionGroupUpdateSchema,
  optionRecordSchema,
  optionUpdateSchema,
  turnaroundCreateSchema,
  turnaroundRecordSchema,
  turnaroundUpdateSchema,
} from '../../../shared/api/catalogue-options';
import { okSchema } from '../../../shared/api/accounts';
import { idParam } from '../../../shared/api/common';
import type { AppDeps } from '../../deps';
import { staffRoutes } from '../../lib/auth';
import { staffResource } from '../../lib/staff-resource';

/** Digits only (`1e0`, `0x1`, ` 1` are not ids), a positive int4. */
const recordId = (what: string) => idParam(`Not a ${what} id`);
const pairParams = z.object({ id: recordId('product'), stockId: recordId('stock') });

/** What the catalogue's staff routes are given. */
type CatalogueStaffDeps = Pick<AppDeps, 'db' | 'stock' | 'products' | 'margins' | 'agreements' | 'options' | 'turnarounds'>;

/** Staff CRUD for the catalogue and customer terms, in the ra-data-simple-rest protocol (lib/rest-list). */
const catalogueStaffRoutes = staffRoutes<CatalogueStaffDeps>((app, { db, stock, products, margins, agreements, options, turnarounds }) => {
  staffResource(app, db, 'stock', stockRecordSchema, stock, { create: stockCreateSchema, update: stockUpdateSchema, remove: true });
  staffResource(app, db, 'products', productRecordSchema, products, { create: productCreateSchema, update: productUpdateSchema, remove: true });
  staffResource(app, db, 'margins', marginRecordSchema, margins, { create: marginCreateSchema, update: marginUpdateSchema, remove: true });
  // A product's finishing options and turnarounds (the product page's Options and Turnarounds parts).
  staffResource(app, db, 'option-groups', optionGroupRecordSchema, options.groups, {
    create: optionGroupCreateSchema,
    update: optionGroupUpdateSchema,
    remove: true,
  });
  staffResource(app, db, 'options', optionRecordSchema, options.options, { create: optionCreateSchema, update: optionUpdateSchema, remove: true });
  staffResource(app, db, 'turnarounds', turnaroundRecordSchema, turnarounds, { create: turnaroundCreateSchema, update: turnaroundUpdateSchema, remove: true });
  staffResource(app, db, 'user-prices', userPriceRecordSchema, agreements.prices, {
    create: userPriceCreateSchema,
    update: userPriceUpdateSchema,
    remove: true,
  });
  staffResource(
    app,
    db,
    'user-products',
    userProductsRecordSchema,
    {
      list: agreements.userProductsList,
      get: agreements.userProducts,
      // A PUT without product_ids leaves them as they are (DESIGN §3: a missing key changes nothing).
      update: (id, input, version) => agreements.setUserProducts(id, input.product_ids, version),
    },
    { update: userProductsUpdateSchema },
  );

  // Reordering: the ids in their new order (DESIGN: products and stock are listed in the printer's order).
  const reorder = { body: reorderSchema, response: { 200: okSchema } };
  app.post('/api/admin/stock/reorder', { schema: reorder }, async (request) => {
    await stock.reorder(request.body.ids);
    return { ok: true as const };
  });
  app.post('/api/admin/products/reorder', { schema: reorder }, async (request) => {
    await products.reorder(request.body.ids);
    return { ok: true as const };
  });

  // The margins page of one product/stock pair: read it whole, save it whole.
  const pairPath = '/api/admin/products/:id/stock/:stockId/margins';
  app.get(pairPath, { schema: { params: pairParams, response: { 200: marginPairSchema } } }, async (request) =>
    margins.pair(request.params.id, request.params.stockId),
  );
  app.put(pairPath, { schema: { params: pairParams, body: marginRowsSchema, response: { 200: z.array(marginRecordSchema) } } }, async (request) =>
    margins.replacePair(request.params.id, request.params.stockId, request.body.rows, request.body.version),
  );
});

export default catalogueStaffRoutes;
