import { staffCountrySchema, staffCountryUpdateSchema } from '../../../shared/api/staff-countries';
import type { AppDeps } from '../../deps';
import { staffRoutes } from '../../lib/auth';
import { staffResource } from '../../lib/staff-resource';

/** Staff edit of countries at /api/admin/countries: all of them, with the active flag; ISO-seeded, so no create or delete. */
const countriesStaffRoutes = staffRoutes<Pick<AppDeps, 'db' | 'countries'>>((app, { db, countries }) =>
  staffResource(app, db, 'countries', staffCountrySchema, countries, { update: staffCountryUpdateSchema }),
);

export default countriesStaffRoutes;
