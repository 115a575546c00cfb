import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { DataTable, FilterButton, List, SimpleList, TopToolbar, useListContext } from 'react-admin';
import type { StaffTicketSummary } from '../../shared/api/tickets';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import { EmptyState } from '../common/EmptyState';
import { StaffPagination } from '../common/StaffPagination';
import { StaffTitle } from '../common/StaffTitle';
import { messageOf } from '../dataProvider/errors';
import { formatUkDate } from '../orders/fields';
import { CustomerLink, LastMessage, TicketOrderLink, TicketStatusChip } from './fields';
import { ticketFilters } from './ticketFilters';
import { TicketStatusTabs } from './TicketStatusTabs';

const Column = DataTable.Col<StaffTicketSummary>;

/** No ticket at all yet (no filter set). */
const Empty = () => (
  <EmptyState title="No tickets yet">
    Customers raise tickets from their Resolution Centre about print quality, delivery, artwork or billing. They appear here under Waiting for staff, oldest
    first.
  </EmptyState>
);

/** Per tab: what an empty tab means, and what it says when filters narrow it. */
const TAB_EMPTY: Record<string, [string, string]> = {
  open: ['Nobody is waiting for staff: every ticket has its answer.', 'No ticket waiting for staff matches these filters.'],
  answered: ['No ticket is waiting for a customer’s reply.', 'No ticket waiting for a customer matches these filters.'],
  closed: ['No closed tickets.', 'No closed ticket matches these filters.'],
};
const ALL_EMPTY: [string, string] = ['No tickets.', 'No ticket matches these filters.'];

/** No row in this tab under these filters: says which, so an empty tab is not mistaken for a failure. */
function NoneHere() {
  const { filterValues } = useListContext();
  const { status, ...others } = filterValues;
  const narrowed = Object.values(others).some((v) => v !== undefined && v !== '');
  const [plain, filtered] = (typeof status === 'string' && TAB_EMPTY[status]) || ALL_EMPTY;
  return (
    <Typography color="text.secondary" sx={{ p: 2 }}>
      {narrowed ? filtered : plain}
    </Typography>
  );
}

function ListError() {
  const { error, refetch } = useListContext();
  return (
    <Box sx={{ p: 2 }}>
      <LoadFailed what="The tickets" reason={messageOf(error, '')} onRetry={() => void refetch()} />
    </Box>
  );
}

function TicketListActions() {
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <FilterButton />
    </TopToolbar>
  );
}

const TicketNumber = (ticket: StaffTicketSummary) => <strong>#{ticket.id}</strong>;

/** The reason, and the last message's first words under it. */
function ReasonAndExcerpt({ ticket }: { ticket: StaffTicketSummary }) {
  return (
    <>
      {ticket.reason}
      {ticket.last_message_excerpt ? (
        <Typography
          variant="body2"
          color="text.secondary"
          component="span"
          sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}
        >
          {ticket.last_message_excerpt}
        </Typography>
      ) : null}
    </>
  );
}

/** Tickets on wide screens; the table scrolls inside its wrapper, never the page. */
function TicketsTable() {
  return (
    <Box sx={{ width: 0, minWidth: '100%', '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}>
      <DataTable
        rowClick="edit"
        bulkActionButtons={false}
        empty={<NoneHere />}
        sx={{
          '& .column-user_id': { maxWidth: 260 },
          '& .column-reason': { maxWidth: 300 },
          '& .column-created_at': { display: { xs: 'none', lg: 'table-cell' } },
        }}
      >
        <Column source="id" label="Ticket" render={TicketNumber} />
        <Column source="reason" label="Reason" disableSort render={(ticket) => <ReasonAndExcerpt ticket={ticket} />} />
        <Column source="user_id" label="Customer" disableSort render={(ticket) => <CustomerLink ticket={ticket} />} />
        <Column source="order_id" label="Order" disableSort render={(ticket) => <TicketOrderLink orderId={ticket.order_id} />} />
        <Column source="status" label="Status" render={(ticket) => <TicketStatusChip status={ticket.status} />} />
        <Column source="last_message_at" label="Last message" render={(ticket) => <LastMessage ticket={ticket} />} />
        <Column source="created_at" label="Opened" render={(ticket) => formatUkDate(ticket.created_at)} />
      </DataTable>
    </Box>
  );
}

/** The same tickets on a phone: number and reason, customer and order, status and the last message. */
function TicketsPhoneList() {
  return (
    <SimpleList<StaffTicketSummary>
      primaryText={(ticket) => (
        <>
          <strong>#{ticket.id}</strong> {ticket.reason}
        </>
      )}
      secondaryText={(ticket) => (
        <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {[ticket.customer, ticket.order_id ? `Order #${ticket.order_id}` : null].filter(Boolean).join(' · ')}
          <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
            <TicketStatusChip status={ticket.status} />
            <LastMessage ticket={ticket} />
          </Box>
        </Box>
      )}
      rowClick="edit"
      empty={<NoneHere />}
    />
  );
}

/**
 * /admin/tickets (admin.tickets.index): the help desk's queue. It opens on Waiting for staff with
 * the ticket waiting longest first; tabs for the other statuses with their counts; search, and
 * filters for a customer and an order. A row opens the ticket's thread.
 */
export function TicketList() {
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      title={<StaffTitle page="Resolution Centre" />}
      pagination={<StaffPagination />}
      filters={ticketFilters}
      filterDefaultValues={{ status: 'open' }}
      actions={<TicketListActions />}
      sort={{ field: 'last_message_at', order: 'ASC' }}
      perPage={25}
      storeKey={false}
      empty={<Empty />}
      error={<ListError />}
      exporter={false}
    >
      <TicketStatusTabs />
      {narrow ? <TicketsPhoneList /> : <TicketsTable />}
    </List>
  );
}
