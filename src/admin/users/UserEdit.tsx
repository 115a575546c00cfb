import type { RoutedTab } from '../common/RoutedTabs';
import { TabbedEdit } from '../common/TabbedEdit';
import { DetailsTab } from './tabs/DetailsTab';
import { InvoicesTab } from './tabs/InvoicesTab';
import { LogoTab } from './tabs/LogoTab';
import { OrdersTab } from './tabs/OrdersTab';
import { PricesTab } from './tabs/PricesTab';
import { ProductsTab } from './tabs/ProductsTab';
import { UserTitle } from './UserTitle';

const TABS: readonly RoutedTab[] = [
  { path: '', label: 'Details', content: <DetailsTab /> },
  { path: 'logo', label: 'Logo', content: <LogoTab /> },
  { path: 'orders', label: 'Orders', content: <OrdersTab /> },
  { path: 'prices', label: 'Prices', content: <PricesTab /> },
  { path: 'products', label: 'Products', content: <ProductsTab /> },
  { path: 'invoices', label: 'Invoices', content: <InvoicesTab /> },
];

/** /admin/users/{id} (admin.users.view): the user in tabbed parts. */
export function UserEdit() {
  return <TabbedEdit title={<UserTitle />} label="Parts of this user" tabs={TABS} />;
}
