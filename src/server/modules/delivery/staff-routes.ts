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
import { staffRoutes } from '../../lib/auth';
import { staffResource } from '../../lib/staff-resource';

/**
 * Staff CRUD for the delivery catalogue (DESIGN §2 "Delivery", "Working days"; §3), in the
 * ra-data-simple-rest protocol (lib/rest-list): delivery types with their `country_ids`, their
 * weight bands (`delivery-prices`), and the closed days.
 */
const deliveryStaffRoutes = staffRoutes<Pick<AppDeps, 'db' | 'delivery'>>((app, { db, delivery }) => {
  const { types, prices, closedDays } = delivery;
  // A PUT without country_ids leaves them as they are (DESIGN §3: a missing key changes nothing).
  staffResource(app, db, 'delivery-types', deliveryTypeRecordSchema, types, {
    create: deliveryTypeCreateSchema,
    update: deliveryTypeUpdateSchema,
    remove: true,
  });
  staffResource(app, db, 'delivery-prices', deliveryPriceRecordSchema, prices, {
    create: deliveryPriceCreateSchema,
    update: deliveryPriceUpdateSchema,
    remove: true,
  });
  staffResource(app, db, 'closed-days', closedDayRecordSchema, closedDays, { create: closedDayCreateSchema, update: closedDayUpdateSchema, remove: true });
});

export default deliveryStaffRoutes;
