import StockIcon from '@mui/icons-material/Layers';
import type { StockRecord } from '../../shared/api';
import { lazyScreen } from '../common/lazyScreen';

/** The stock resource: list at /admin/stock, view at /admin/stock/{id}, add at /admin/stock/create; each screen loads when first opened. */
export default {
  list: lazyScreen(
    () => import('./StockList'),
    (m) => m.StockList,
  ),
  edit: lazyScreen(
    () => import('./StockEdit'),
    (m) => m.StockEdit,
  ),
  create: lazyScreen(
    () => import('./StockCreate'),
    (m) => m.StockCreate,
  ),
  icon: StockIcon,
  recordRepresentation: (stock: StockRecord) => stock.name,
};
