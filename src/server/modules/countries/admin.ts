import { adminCountrySchema, adminCountryUpdateSchema } from '../../../shared/api/admin-countries';
import type { AppDeps } from '../../deps';
import { staffRoutes } from '../../lib/auth';
import { staffResource } from '../../lib/staff-resource';

/** Staff edit of countries at /api/admin/countries: all of them, with the active flag; ISO-seeded, so no create or delete. */
const countriesAdmin = staffRoutes<Pick<AppDeps, 'db' | 'countries'>>((app, { db, countries }) =>
  staffResource(app, db, 'countries', adminCountrySchema, countries, { update: adminCountryUpdateSchema }),
);

export default countriesAdmin;
