import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { TicketSummary } from '../../../shared/api/tickets';
import { TICKET_STATUS_NAMES, TICKET_STATUSES, type TicketStatus } from '../../../shared/domain/tickets/tickets';
import { TicketStatusChip } from '../../../shared/ui/tickets';
import { useTickets } from '../../api/tickets';
import { ListFooter, ListSearch } from '../../components/ListControls';
import { formatMoment } from '../../../shared/domain/calendar/workingDays';
import { PageFrame } from '../../components/PageFrame';
import { route } from '../../paths';
import { ListStates } from '../../components/QueryStates';
import { NewTicketForm } from './NewTicketForm';

const PER_PAGE = 20;

const isStatus = (value: string | null): value is TicketStatus => TICKET_STATUSES.includes(value as TicketStatus);

/** The last message in a line: who, when, and its first words. */
function LastMessage({ ticket }: { ticket: TicketSummary }) {
  return (
    <>
      <Typography variant="body2">
        <strong>{ticket.last_message_by === 'staff' ? 'We replied' : 'You wrote'}</strong> · {formatMoment(ticket.last_message_at)}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
      >
        {ticket.last_message_excerpt}
      </Typography>
    </>
  );
}

/**
 * /tickets: the Resolution Centre — the customer's tickets by status, searchable, and a new one
 * (`?new=1`, and `&order=ID` from an order's page, opens the form prefilled).
 */
export default function TicketsPage() {
  const [search, setSearch] = useSearchParams();
  const rawStatus = search.get('status');
  const status = isStatus(rawStatus) ? rawStatus : undefined;
  const q = search.get('q') ?? '';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const creating = search.get('new') === '1';
  const orderParam = Number(search.get('order'));
  const orderId = Number.isInteger(orderParam) && orderParam > 0 ? orderParam : null;
  const tickets = useTickets({ status, q: q || undefined, page, per_page: PER_PAGE });
  const counts = tickets.data?.counts;

  const show = (next: { status?: TicketStatus; q?: string; page?: number }) =>
    setSearch({
      ...(next.status ? { status: next.status } : {}),
      ...(next.q ? { q: next.q } : {}),
      ...(next.page && next.page > 1 ? { page: String(next.page) } : {}),
    });

  return (
    <PageFrame
      intro="Tell us about a problem with an order and follow our answer here. We reply within one working day."
      actions={
        !creating && (
          <Button variant="contained" startIcon={<Add aria-hidden />} onClick={() => setSearch({ new: '1' })}>
            New ticket
          </Button>
        )
      }
    >
      {creating && <NewTicketForm key={orderId ?? 0} orderId={orderId} onCancel={() => setSearch({})} />}
      <Tabs
        value={status ?? 'all'}
        onChange={(_, value: string) => show({ status: isStatus(value) ? value : undefined, q })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Tickets by status"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="all" label={`All${counts ? ` (${counts.all})` : ''}`} />
        {TICKET_STATUSES.map((s) => (
          <Tab key={s} value={s} label={`${TICKET_STATUS_NAMES[s]}${counts ? ` (${counts[s]})` : ''}`} />
        ))}
      </Tabs>
      <ListSearch key={`${status}:${q}`} label="Ticket or order number, or a word" initial={q} onSearch={(words) => show({ status, q: words })} />
      <ListStates
        query={tickets}
        loading="Loading your tickets…"
        what="Your tickets"
        empty={
          q
            ? `No ticket matches “${q}”.`
            : status
              ? `You have no tickets that are ${TICKET_STATUS_NAMES[status].toLowerCase()}.`
              : 'You have no tickets. When something is wrong with an order, open a ticket and we will answer here.'
        }
        back={q || status ? { to: route('tickets.index'), label: 'Show all tickets' } : undefined}
      >
        {(found) => (
          <>
            <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="Your tickets">
                <TableHead>
                  <TableRow>
                    <TableCell>Ticket</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Order</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Last message</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {found.data.map((ticket) => (
                    <TableRow key={ticket.id} hover>
                      <TableCell>
                        <Link component={RouterLink} to={route('tickets.view', { id: ticket.id })} sx={{ fontWeight: 600 }}>
                          #{ticket.id} {ticket.reason}
                        </Link>
                        <Typography variant="body2" color="text.secondary">
                          Raised by {ticket.placed_by.name || 'a former member'}
                        </Typography>
                        {/* On a phone the order and the last message go under the ticket, their columns hidden. */}
                        <Box sx={{ display: { xs: 'block', md: 'none' }, mt: 0.5 }}>
                          {ticket.order_id && (
                            <Typography variant="body2" sx={{ display: { sm: 'none' } }}>
                              Order #{ticket.order_id}
                            </Typography>
                          )}
                          <LastMessage ticket={ticket} />
                        </Box>
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                        {ticket.order_id ? (
                          <Link component={RouterLink} to={route('orders.view', { id: ticket.order_id })}>
                            #{ticket.order_id}
                          </Link>
                        ) : (
                          '—'
                        )}
                      </TableCell>
                      <TableCell>
                        <TicketStatusChip status={ticket.status} viewer="customer" />
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, maxWidth: 420 }}>
                        <LastMessage ticket={ticket} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Paper>
            <ListFooter total={found.total} noun="ticket" page={page} perPage={PER_PAGE} onPage={(next) => show({ status, q, page: next })} />
          </>
        )}
      </ListStates>
    </PageFrame>
  );
}
