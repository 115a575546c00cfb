import { useState } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { staffTheme } from './staffTheme';
import { createStaffQueryClient, staffStore } from './staffOptions';
import { STAFF_BASE } from './staffAreas';
import { authProvider } from './auth/authProvider';
import batches from './batches';
import { lazyScreen } from './common/lazyScreen';
import { StaffNotFound } from './common/StaffNotFound';

/** The accountant's exports: a page of its own (no records to list), loaded when first opened. */
const AccountsPage = lazyScreen(
  () => import('./accounts/AccountsPage'),
  (m) => m.default,
);
/** Staff reports: charts of the business over a range, loaded when first opened. */
const ReportsPage = lazyScreen(
  () => import('./reports/ReportsPage'),
  (m) => m.default,
);
import countries from './countries';
import delivery from './delivery';
import closedDays from './delivery/closed-days';
import { dataProvider } from './dataProvider';
import { staffI18nProvider } from './i18n/i18nProvider';
import mail from './mail';
import payments from './payments';
import agedDebt from './payments/agedDebt';
import orders from './orders';
import { MARGINS_ROUTE, MarginsPage } from './products/margins';
import products from './products';
import royalmail from './royalmail';
import { StaffLayout } from './layout/StaffLayout';
import settings from './settings';
import stock from './stock';
import tickets from './tickets';
import { StaffLoading } from './StaffLoading';
import users from './users';

const { create: UserAdd, ...usersResource } = users;

// Each screen's code arrives when it is first opened (the resources' index files): the staff
// area's first chunk is react-admin's frame, the menu and the providers (≤ 300 kB gzipped).
const Dashboard = lazyScreen(
  () => import('./dashboard/Dashboard'),
  (m) => m.Dashboard,
);

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
      i18nProvider={staffI18nProvider}
      store={staffStore}
      queryClient={queryClient}
      theme={staffTheme}
      layout={StaffLayout}
      dashboard={Dashboard}
      loading={StaffLoading}
      catchAll={StaffNotFound}
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
      {/* /admin/delivery/{id} is a type's page: the literal paths below /admin/delivery are resources of their own, and win. */}
      <Resource name="delivery" {...delivery} />
      <Resource name="delivery/countries" {...countries} />
      <Resource name="delivery/closed-days" {...closedDays} />
      <Resource name="orders" {...orders} />
      <Resource name="batches" {...batches} />
      <Resource name="royalmail" {...royalmail} />
      <Resource name="tickets" {...tickets} />
      <Resource name="mail" {...mail} />
      <Resource name="payments" {...payments} />
      <Resource name="aged-debt" {...agedDebt} />
      <CustomRoutes>
        <Route path="accounts" element={<AccountsPage />} />
        <Route path="reports" element={<ReportsPage />} />
      </CustomRoutes>
    </Admin>
  );
}
