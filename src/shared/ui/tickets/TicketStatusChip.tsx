import Chip from '@mui/material/Chip';
import { STAFF_TICKET_STATUS_NAMES, TICKET_STATUS_NAMES, type TicketActor, type TicketStatus } from '../../domain/tickets/tickets';

const STATUS_COLOURS: Record<TicketStatus, 'warning' | 'info' | 'default'> = { open: 'warning', answered: 'info', closed: 'default' };

/** The status as each side reads it: a customer's "Waiting for us" is staff's "Waiting for staff". */
export function TicketStatusChip({ status, viewer }: { status: TicketStatus; viewer: TicketActor }) {
  const names = viewer === 'staff' ? STAFF_TICKET_STATUS_NAMES : TICKET_STATUS_NAMES;
  return <Chip size="small" label={names[status]} color={STATUS_COLOURS[status]} variant={status === 'closed' ? 'outlined' : 'filled'} />;
}
