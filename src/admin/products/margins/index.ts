import { staffUrl } from '../../staffAreas';
import { lazyScreen } from '../../common/lazyScreen';

/** The margins page, loaded when first opened. */
export const MarginsPage = lazyScreen(
  () => import('./MarginsPage'),
  (m) => m.MarginsPage,
);

/** The margins page's route below the products resource (specification §2). */
export const MARGINS_ROUTE = ':productid/stock/:stockid/margins';

/** The margins page of a product on a stock: /admin/products/{productid}/stock/{stockid}/margins. */
export const marginsUrl = (productId: number, stockId: number) => staffUrl(`products/${productId}/stock/${stockId}/margins`);
