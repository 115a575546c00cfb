import { useState } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { staffTheme } from './staffTheme';
import { createStaffQueryClient, staffStore } from './adminOptions';
import { ComingSoonPage } from './areas/ComingSoonPage';
import { STAFF_AREAS, STAFF_BASE } from './areas/staffAreas';
import { authProvider } from './auth/authProvider';
import countries from './countries';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import { MARGINS_ROUTE, MarginsPage } from './margins';
import products from './products';
import { StaffLayout } from './layout/StaffLayout';
import settings from './settings';
import stock from './stock';
import { StaffLoading } from './StaffLoading';
import users from './users';

const { create: UserAdd, ...usersResource } = users;

/**
 * The staff area: react-admin under /admin, lazily loaded by the customer router's `/admin/*`
 * route behind its admin guard. Inside an existing router <Admin> creates none of its own; it
 * builds its links with `basename` and its routes relative to `/admin/*` (one react-router).
 */
export default function StaffApp() {
  const [queryClient] = useState(createStaffQueryClient);
  return (
    <Admin
      basename={STAFF_BASE}
      title="Print Junction Trade — Staff"
      authProvider={authProvider}
      dataProvider={dataProvider}
      store={staffStore}
      queryClient={queryClient}
      theme={staffTheme}
      layout={StaffLayout}
      dashboard={Dashboard}
      loading={StaffLoading}
      loginPage={false}
      requireAuth
      disableTelemetry
    >
      <Resource name="users" {...usersResource} hasCreate>
        {/* The specification's path for adding a user; react-admin's default one leads there. */}
        <Route path="add/*" element={<UserAdd />} />
        <Route path="create/*" element={<Navigate to={`${STAFF_BASE}/users/add`} replace />} />
      </Resource>
      <Resource name="stock" {...stock} />
      <Resource name="products" {...products}>
        <Route path={MARGINS_ROUTE} element={<MarginsPage />} />
      </Resource>
      <Resource name="settings" {...settings} />
      <Resource name="delivery/countries" {...countries} />
      <CustomRoutes>
        {STAFF_AREAS.filter((area) => !area.ready).map((area) => (
          <Route key={area.path} path={area.path} element={<ComingSoonPage area={area} />} />
        ))}
      </CustomRoutes>
    </Admin>
  );
}
