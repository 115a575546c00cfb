import DeliveryIcon from '@mui/icons-material/LocalShipping';
import type { DeliveryTypeRecord } from '../../shared/api';
import { lazyScreen } from '../common/lazyScreen';

/**
 * The delivery types resource (the API's /api/admin/delivery-types): list at /admin/delivery
 * (admin.delivery.index), view at /admin/delivery/{id} (admin.delivery.view: details and prices
 * parts), add at /admin/delivery/create. Countries and closed days are resources of their own
 * below /admin/delivery. Each screen loads when first opened.
 */
export default {
  list: lazyScreen(
    () => import('./DeliveryTypeList'),
    (m) => m.DeliveryTypeList,
  ),
  edit: lazyScreen(
    () => import('./DeliveryTypeEdit'),
    (m) => m.DeliveryTypeEdit,
  ),
  create: lazyScreen(
    () => import('./DeliveryTypeCreate'),
    (m) => m.DeliveryTypeCreate,
  ),
  icon: DeliveryIcon,
  recordRepresentation: (type: DeliveryTypeRecord) => type.name,
  options: { label: 'Delivery' },
};
