import StockIcon from '@mui/icons-material/Layers';
import type { StockRecord } from '../../shared/api';
import { StockList } from './StockList';
import { StockCreate, StockView } from './StockView';

/** The stock resource: list at /admin/stock, view at /admin/stock/{id}, add at /admin/stock/create. */
export default {
  list: StockList,
  edit: StockView,
  create: StockCreate,
  icon: StockIcon,
  recordRepresentation: (stock: StockRecord) => stock.name,
};
