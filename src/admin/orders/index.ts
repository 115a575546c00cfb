import OrdersIcon from '@mui/icons-material/ReceiptLong';
import type { StaffOrderSummary } from '../../shared/api/staff-orders';
import { lazyScreen } from '../common/lazyScreen';

/**
 * Orders: the work queue at /admin/orders and an order at /admin/orders/{id} (react-admin's edit
 * path, as the specification names it). Staff never create or delete orders: customers confirm
 * them, and a stopped one is Cancelled. The screens load when first opened.
 */
export default {
  list: lazyScreen(
    () => import('./OrderList'),
    (m) => m.OrderList,
  ),
  edit: lazyScreen(
    () => import('./OrderView'),
    (m) => m.OrderView,
  ),
  icon: OrdersIcon,
  recordRepresentation: (order: StaffOrderSummary) => `Order ${order.id}`,
  options: { label: 'Orders' },
};
