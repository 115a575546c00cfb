import TicketsIcon from '@mui/icons-material/SupportAgent';
import type { StaffTicketSummary } from '../../shared/api/tickets';
import { lazyScreen } from '../common/lazyScreen';

/**
 * The Resolution Centre: the tickets at /admin/tickets and one ticket's thread at
 * /admin/tickets/{id} (react-admin's edit path, as the specification names it). Customers open
 * tickets; staff reply, attach, close and reopen, and never create or delete one. The screens
 * load when first opened.
 */
export default {
  list: lazyScreen(
    () => import('./TicketList'),
    (m) => m.TicketList,
  ),
  edit: lazyScreen(
    () => import('./TicketShow'),
    (m) => m.TicketShow,
  ),
  icon: TicketsIcon,
  recordRepresentation: (ticket: StaffTicketSummary) => `Ticket ${ticket.id}`,
  options: { label: 'Resolution Centre' },
};
