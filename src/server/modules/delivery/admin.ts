import type { FastifyPluginAsync } from 'fastify';
import {
  closedDayCreateSchema,
  closedDayRecordSchema,
  closedDayUpdateSchema,
  deliveryPriceCreateSchema,
  deliveryPriceRecordSchema,
  deliveryPriceUpdateSchema,
  deliveryTypeCreateSchema,
  deliveryTypeRecordSchema,
  deliveryTypeUpdateSchema,
} from '../../../shared/api/delivery';
import type { AppDeps } from '../../deps';
import { staffOnly } from '../../lib/auth';
import { restResource } from '../../lib/rest-list';

/**
 * Staff CRUD for the delivery catalogue (DESIGN §2 "Delivery", "Working days"; §3), in the
 * ra-data-simple-rest protocol (lib/rest-list): delivery types with their `country_ids`, their
 * weight bands (`delivery-prices`), and the closed days.
 */
const deliveryAdmin: FastifyPluginAsync<AppDeps> = async (app, { db, delivery }) => {
  app.addHook('onRequest', staffOnly);
  const { types, prices, closedDays } = delivery;

  restResource(app, db, {
    name: 'delivery-types',
    record: deliveryTypeRecordSchema,
    list: types.list,
    findOne: types.get,
    create: { schema: deliveryTypeCreateSchema, run: (input) => types.create(input) },
    // A PUT without country_ids leaves them as they are (DESIGN §3: a missing key changes nothing).
    update: { schema: deliveryTypeUpdateSchema, run: (id, input, version) => types.update(id, input, version) },
    remove: (id, version) => types.remove(id, version),
  });

  restResource(app, db, {
    name: 'delivery-prices',
    record: deliveryPriceRecordSchema,
    list: prices.list,
    findOne: prices.get,
    create: { schema: deliveryPriceCreateSchema, run: (input) => prices.create(input) },
    update: { schema: deliveryPriceUpdateSchema, run: (id, input, version) => prices.update(id, input, version) },
    remove: (id, version) => prices.remove(id, version),
  });

  restResource(app, db, {
    name: 'closed-days',
    record: closedDayRecordSchema,
    list: closedDays.list,
    findOne: closedDays.get,
    create: { schema: closedDayCreateSchema, run: (input) => closedDays.create(input) },
    update: { schema: closedDayUpdateSchema, run: (id, input, version) => closedDays.update(id, input, version) },
    remove: (id, version) => closedDays.remove(id, version),
  });
};

export default deliveryAdmin;
