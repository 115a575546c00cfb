import ProductsIcon from '@mui/icons-material/Category';
import type { ProductRecord } from '../../shared/api';
import { ProductList } from './ProductList';
import { ProductCreate, ProductView } from './ProductView';

/** The products resource: list at /admin/products, view at /admin/products/{id} (details, stock), add at /admin/products/create. */
export default {
  list: ProductList,
  edit: ProductView,
  create: ProductCreate,
  icon: ProductsIcon,
  recordRepresentation: (product: ProductRecord) => product.name,
};
