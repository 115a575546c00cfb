import { NotAvailableYet } from '../../components/NotAvailableYet';
import { PageFrame } from '../../components/PageFrame';

/** /create: the basket of a new order (a later issue builds it). */
export default function CreatePage() {
  return (
    <PageFrame intro="Choose products, paper and quantities, upload your artwork and confirm.">
      <NotAvailableYet>Ordering online is not available yet. Until it is, please contact us to place an order.</NotAvailableYet>
    </PageFrame>
  );
}
