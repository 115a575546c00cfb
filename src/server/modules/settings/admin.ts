import { adminSettingSchema, adminSettingUpdateSchema } from '../../../shared/api/admin-settings';
import type { AppDeps } from '../../deps';
import { staffRoutes } from '../../lib/auth';
import { restResource, serviceResource } from '../../lib/rest-list';

/** Staff edit of settings at /api/admin/settings: values, descriptions and the public flag; no create or delete. */
const settingsAdmin = staffRoutes<AppDeps>((app, { db, settings }) =>
  restResource(app, db, serviceResource('settings', adminSettingSchema, settings, { update: adminSettingUpdateSchema })),
);

export default settingsAdmin;
