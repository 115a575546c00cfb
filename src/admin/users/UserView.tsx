import { Edit, useCreatePath, useRecordContext } from 'react-admin';
import type { AdminUser } from '../../shared/api';
import { RoutedTabs, type RoutedTab } from '../common/RoutedTabs';
import { DetailsTab } from './tabs/DetailsTab';
import { FutureTab } from './tabs/FutureTab';
import { LogoTab } from './tabs/LogoTab';
import { PricesTab } from './tabs/PricesTab';
import { ProductsTab } from './tabs/ProductsTab';
import { UserTitle } from './UserTitle';

// Orders, Prices, Products and Invoices fill as their domains land (issue 4 item 6).
const TABS: readonly RoutedTab[] = [
  { path: '', label: 'Details', content: <DetailsTab /> },
  { path: 'logo', label: 'Logo', content: <LogoTab /> },
  { path: 'orders', label: 'Orders', content: <FutureTab what="Orders" when="once staff can manage orders" /> },
  { path: 'prices', label: 'Prices', content: <PricesTab /> },
  { path: 'products', label: 'Products', content: <ProductsTab /> },
  { path: 'invoices', label: 'Invoices', content: <FutureTab what="Invoices" when="once orders are dispatched and invoiced" /> },
];

function UserTabs() {
  const user = useRecordContext<AdminUser>();
  const createPath = useCreatePath();
  if (!user) return null;
  return <RoutedTabs label="Parts of this user" base={createPath({ type: 'edit', resource: 'users', id: user.id })} tabs={TABS} />;
}

/** /admin/users/{id} (admin.users.view): the user in tabbed parts. Saves wait for the server, so its 422s show on the inputs. */
export function UserView() {
  return (
    <Edit title={<UserTitle />} mutationMode="pessimistic" actions={false} redirect={false}>
      <UserTabs />
    </Edit>
  );
}
