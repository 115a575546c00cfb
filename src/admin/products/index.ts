import ProductsIcon from '@mui/icons-material/Category';
import type { ProductRecord } from '../../shared/api';
import { lazyScreen } from '../common/lazyScreen';

/**
 * The products resource: list at /admin/products, view at /admin/products/{id} (details, stock),
 * add at /admin/products/create; the margins page of each of its stocks is in ./margins. Each
 * screen loads when first opened.
 */
export default {
  list: lazyScreen(
    () => import('./ProductList'),
    (m) => m.ProductList,
  ),
  edit: lazyScreen(
    () => import('./ProductEdit'),
    (m) => m.ProductEdit,
  ),
  create: lazyScreen(
    () => import('./ProductCreate'),
    (m) => m.ProductCreate,
  ),
  icon: ProductsIcon,
  recordRepresentation: (product: ProductRecord) => product.name,
};
