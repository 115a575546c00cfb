import { useSearchParams } from 'react-router-dom';
import { NotAvailableYet } from '../../components/NotAvailableYet';
import { PageFrame } from '../../components/PageFrame';
import { statusLabel } from '../../orderStatuses';

/** /orders?status=…&q=…: the order list (a later issue fills it). */
export default function OrdersPage() {
  const [search] = useSearchParams();
  const label = statusLabel(search.get('status'));
  const query = search.get('q');
  const intro = query ? `Searching for “${query}”` : '';
  return (
    <PageFrame title={label ? `Orders: ${label}` : undefined} intro={intro || undefined}>
      <NotAvailableYet>Your order list is not available online yet. For news of an order, please contact us.</NotAvailableYet>
    </PageFrame>
  );
}
