export { MarginsPage } from './MarginsPage';
/** The margins page's route below the products resource (specification §2). */
export const MARGINS_ROUTE = ':productid/stock/:stockid/margins';
