import { NotAvailableYet } from '../../components/NotAvailableYet';
import { PageFrame } from '../../components/PageFrame';

/** /tickets: the Resolution Centre (a later issue fills it). */
export default function TicketsPage() {
  return (
    <PageFrame intro="Tell us about a problem with an order and follow our answer.">
      <NotAvailableYet>The Resolution Centre is not available online yet. To report a problem with an order, please contact us.</NotAvailableYet>
    </PageFrame>
  );
}
