import { useParams } from 'react-router-dom';
import { NotAvailableYet } from '../../components/NotAvailableYet';
import { PageFrame } from '../../components/PageFrame';

/** /orders/{id}: one order with its items and history (a later issue fills it). */
export default function OrderViewPage() {
  const { id } = useParams();
  return (
    <PageFrame title={id ? `Order ${id}` : undefined}>
      <NotAvailableYet>The details of an order are not available online yet.</NotAvailableYet>
    </PageFrame>
  );
}
