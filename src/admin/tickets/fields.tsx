import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { StaffTicketSummary } from '../../shared/api/tickets';
import type { TicketStatus } from '../../shared/domain/tickets/tickets';
import { TicketStatusChip as SharedTicketStatusChip } from '../../shared/ui/tickets';
import { staffUrl } from '../staffAreas';
import { formatUkDateTime } from '../orders/fields';

/** A ticket's status as staff read it (the chip both sides share): Waiting for staff (their move), Waiting for customer, Closed. */
export function TicketStatusChip({ status }: { status: TicketStatus }) {
  return <SharedTicketStatusChip status={status} viewer="staff" />;
}

const relative = new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' });
const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
];

/** "5 minutes ago", "3 hours ago", "yesterday"; a week or more back, the UK date and time. */
export function whenText(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const back = -seconds;
  if (back < 60) return 'just now';
  if (back >= 7 * 24 * 60 * 60) return formatUkDateTime(iso);
  const [unit, size] = [...UNITS].reverse().find(([, s]) => back >= s) ?? UNITS[0];
  return relative.format(Math.round(seconds / size), unit);
}

/** A link inside a clickable row: it opens its own page, not the row's. */
const own = (event: MouseEvent) => event.stopPropagation();

/** The customer, opening their user page: company (or name) and e-mail. */
export function CustomerLink({ ticket }: { ticket: Pick<StaffTicketSummary, 'user_id' | 'customer' | 'email'> }) {
  return (
    <>
      <Link component={RouterLink} to={staffUrl(`users/${ticket.user_id}`)} onClick={own} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {ticket.customer}
      </Link>
      {/* A narrow column breaks the address before its @ rather than inside a word. */}
      <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block', overflowWrap: 'break-word' }}>
        {ticket.email.split('@')[0]}
        <wbr />@{ticket.email.split('@').slice(1).join('@')}
      </Typography>
    </>
  );
}

/** "#1042", opening the order (or a dash when the ticket names none). */
export function TicketOrderLink({ orderId }: { orderId: number | null }) {
  if (orderId === null) return <>—</>;
  return (
    <Link component={RouterLink} to={staffUrl(`orders/${orderId}`)} onClick={own} sx={{ fontWeight: 600 }} aria-label={`Order ${orderId}`}>
      #{orderId}
    </Link>
  );
}

const WHO = { customer: 'Customer', staff: 'Staff' } as const;

/** Who wrote last and when ("Customer · 3 hours ago"), the UK date and time on hover. */
export function LastMessage({ ticket }: { ticket: Pick<StaffTicketSummary, 'last_message_by' | 'last_message_at'> }) {
  return (
    <Typography variant="body2" component="span" title={formatUkDateTime(ticket.last_message_at)} sx={{ whiteSpace: 'nowrap' }}>
      {WHO[ticket.last_message_by]} · {whenText(ticket.last_message_at)}
    </Typography>
  );
}

/** "Ticket 12 — Print quality". */
export const ticketName = (ticket: Pick<StaffTicketSummary, 'id' | 'reason'>) => `Ticket ${ticket.id} — ${ticket.reason}`;
