import { adminCountrySchema, adminCountryUpdateSchema } from '../../../shared/api/admin-countries';
import type { AppDeps } from '../../deps';
import { staffRoutes } from '../../lib/auth';
import { restResource, serviceResource } from '../../lib/rest-list';

/** Staff edit of countries at /api/admin/countries: all of them, with the active flag; ISO-seeded, so no create or delete. */
const countriesAdmin = staffRoutes<AppDeps>((app, { db, countries }) =>
  restResource(app, db, serviceResource('countries', adminCountrySchema, countries, { update: adminCountryUpdateSchema })),
);

export default countriesAdmin;
