import { useParams } from 'react-router-dom';
import { NotAvailableYet } from '../../components/NotAvailableYet';
import { PageFrame } from '../../components/PageFrame';

/** /create/{id}: the items step of a basket (a later issue builds it). */
export default function CreateItemsPage() {
  const { id } = useParams();
  return (
    <PageFrame intro={`Basket ${id ?? ''}`.trim()}>
      <NotAvailableYet>Adding items to an order online is not available yet.</NotAvailableYet>
    </PageFrame>
  );
}
