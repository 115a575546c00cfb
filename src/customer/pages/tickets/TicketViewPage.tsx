import { useParams } from 'react-router-dom';
import { NotAvailableYet } from '../../components/NotAvailableYet';
import { PageFrame } from '../../components/PageFrame';

/** /tickets/{id}: one ticket and its replies (a later issue fills it). */
export default function TicketViewPage() {
  const { id } = useParams();
  return (
    <PageFrame title={id ? `Ticket ${id}` : undefined}>
      <NotAvailableYet>Tickets are not available online yet.</NotAvailableYet>
    </PageFrame>
  );
}
