import { Loading, useGetOne } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { RoutedTab } from '../common/RoutedTabs';
import { StaffNotFound } from '../common/StaffNotFound';
import { TabbedEdit } from '../common/TabbedEdit';
import { CompanyTab } from './tabs/CompanyTab';
import { DetailsTab } from './tabs/DetailsTab';
import { InvoicesTab } from './tabs/InvoicesTab';
import { LogoTab } from './tabs/LogoTab';
import { OrdersTab } from './tabs/OrdersTab';
import { PricesTab } from './tabs/PricesTab';
import { ProductsTab } from './tabs/ProductsTab';
import { UserTitle } from './UserTitle';

const TABS: readonly RoutedTab[] = [
  { path: '', label: 'Details', content: <DetailsTab /> },
  { path: 'company', label: 'Company', content: <CompanyTab /> },
  { path: 'logo', label: 'Logo', content: <LogoTab /> },
  { path: 'orders', label: 'Orders', content: <OrdersTab /> },
  { path: 'prices', label: 'Prices', content: <PricesTab /> },
  { path: 'products', label: 'Products', content: <ProductsTab /> },
  { path: 'invoices', label: 'Invoices', content: <InvoicesTab /> },
];

/**
 * /admin/users/{id} (admin.users.view): the user in tabbed parts. An id the server does not know
 * says that the user does not exist, as an order's page does (react-admin's Edit would only flash a
 * notice and go back to the list); Edit's own read is the same query, so the user is read once.
 */
export function UserEdit() {
  const { id } = useParams();
  const { error, isPending } = useGetOne('users', { id: id ?? '' }, { enabled: !!id, retry: false });
  if ((error as { status?: number } | null)?.status === 404) return <StaffNotFound record={`user ${id}`} />;
  // The tabs wait for the read: mounted before it fails, react-admin's Edit would leave for the list.
  if (isPending) return <Loading />;
  return <TabbedEdit title={<UserTitle />} label="Parts of this user" tabs={TABS} />;
}
