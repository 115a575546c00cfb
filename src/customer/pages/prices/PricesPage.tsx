import { NotAvailableYet } from '../../components/NotAvailableYet';
import { PageFrame } from '../../components/PageFrame';

/** /prices: the customer's price list (a later issue fills it). */
export default function PricesPage() {
  return (
    <PageFrame intro="Your trade prices for every product, paper and quantity.">
      <NotAvailableYet>The price list is not available online yet. Please ask us for a quote.</NotAvailableYet>
    </PageFrame>
  );
}
