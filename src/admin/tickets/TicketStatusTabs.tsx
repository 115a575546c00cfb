import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useListContext, type SortPayload } from 'react-admin';
import type { TicketCounts } from '../../shared/api/tickets';
import { STAFF_TICKET_STATUS_NAMES } from '../../shared/domain/tickets/tickets';
import { useTicketCounts } from './useTicketCounts';

const ALL = 'all';
const OLDEST_FIRST: SortPayload = { field: 'last_message_at', order: 'ASC' };
const NEWEST_FIRST: SortPayload = { field: 'last_message_at', order: 'DESC' };

/**
 * The tabs, each with the order its tickets are best read in: those waiting (for staff, or for the
 * customer) the longest first; closed and all, the latest news first.
 */
export const TICKET_TABS = [
  { value: 'open', label: STAFF_TICKET_STATUS_NAMES.open, sort: OLDEST_FIRST },
  { value: 'answered', label: STAFF_TICKET_STATUS_NAMES.answered, sort: OLDEST_FIRST },
  { value: 'closed', label: STAFF_TICKET_STATUS_NAMES.closed, sort: NEWEST_FIRST },
  { value: ALL, label: 'All', sort: NEWEST_FIRST },
] as const;

/** Waiting for staff, Waiting for customer, Closed and All, each with its number under the other filters. */
export function TicketStatusTabs() {
  const { filterValues, setFilters, displayedFilters, setSort } = useListContext();
  const { data: counts } = useTicketCounts(filterValues);
  const current = typeof filterValues.status === 'string' ? filterValues.status : ALL;
  const choose = (value: string) => {
    const { status: _status, ...others } = filterValues;
    setFilters(value === ALL ? others : { ...others, status: value }, displayedFilters);
    setSort(TICKET_TABS.find((tab) => tab.value === value)?.sort ?? NEWEST_FIRST);
  };
  return (
    <Tabs
      value={current}
      onChange={(_event, value: string) => choose(value)}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label="Ticket status"
      // Zero width, at least the container's: the tabs scroll inside the list instead of widening it on a phone.
      sx={{ borderBottom: 1, borderColor: 'divider', width: 0, minWidth: '100%' }}
    >
      {TICKET_TABS.map((tab) => {
        const count = counts?.[tab.value as keyof TicketCounts];
        return <Tab key={tab.value} value={tab.value} label={count === undefined ? tab.label : `${tab.label} (${count.toLocaleString('en-GB')})`} />;
      })}
    </Tabs>
  );
}
