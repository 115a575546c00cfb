import RoyalMailIcon from '@mui/icons-material/MarkunreadMailbox';
import type { RoyalMailOrder } from '../../shared/api/staff-production';
import { lazyScreen } from '../common/lazyScreen';

/**
 * Royal Mail at /admin/royalmail: the Processing orders going by Royal Mail, to export for Click &
 * Drop or send to its API, take tracking numbers from a file, and mark Dispatched. An order's own
 * page is the orders screen's; this resource has only its list.
 */
export default {
  list: lazyScreen(
    () => import('./RoyalMailList'),
    (m) => m.RoyalMailList,
  ),
  icon: RoyalMailIcon,
  recordRepresentation: (order: RoyalMailOrder) => `Order ${order.id}`,
  options: { label: 'Royal Mail' },
};
