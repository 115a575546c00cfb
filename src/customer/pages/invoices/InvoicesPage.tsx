import { NotAvailableYet } from '../../components/NotAvailableYet';
import { PageFrame } from '../../components/PageFrame';

/** /invoices: the customer's invoices (a later issue fills it). */
export default function InvoicesPage() {
  return (
    <PageFrame intro="Your invoices, to view and download.">
      <NotAvailableYet>Invoices are not available online yet. We send each invoice to you by e-mail.</NotAvailableYet>
    </PageFrame>
  );
}
