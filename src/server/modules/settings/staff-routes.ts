import { staffSettingSchema, staffSettingUpdateSchema } from '../../../shared/api/staff-settings';
import type { AppDeps } from '../../deps';
import { staffRoutes } from '../../lib/auth';
import { staffResource } from '../../lib/staff-resource';

/** Staff edit of settings at /api/admin/settings: values, descriptions and the public flag; no create or delete. */
const settingsStaffRoutes = staffRoutes<Pick<AppDeps, 'db' | 'settings'>>((app, { db, settings }) =>
  staffResource(app, db, 'settings', staffSettingSchema, settings, { update: staffSettingUpdateSchema }),
);

export default settingsStaffRoutes;
