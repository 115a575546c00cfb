import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useListContext } from 'react-admin';
import type { StaffOrderCounts } from '../../shared/api/staff-orders';
import { ORDER_STATUSES } from '../../shared/domain/orders/statuses';
import { useOrderCounts } from './useOrderCounts';

const ALL = 'all';
/** The sandbox's orders (placed with test API keys), in every status: left out of the other tabs. */
const SANDBOX = 'sandbox';
const TABS = [
  ...ORDER_STATUSES.map(({ status, label }) => ({ value: status, label })),
  { value: ALL, label: 'All' },
  { value: SANDBOX, label: 'Sandbox' },
] as const;

/**
 * The orders list's status tabs — Pending, Processing, Issues, Dispatched, Cancelled and All, then
 * Sandbox (the test API orders, which the others leave out) — each
 * with the number of orders in it under the other filters (search, customer, dates, overdue) and
 * the list's `permanent` ones (a user's Orders part: theirs only).
 */
export function StatusTabs({ permanent = {} }: { permanent?: Record<string, unknown> }) {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const { data: counts } = useOrderCounts({ ...filterValues, ...permanent });
  const current = filterValues.sandbox === true ? SANDBOX : typeof filterValues.status === 'string' ? filterValues.status : ALL;
  const choose = (value: string) => {
    const { status: _status, sandbox: _sandbox, ...others } = filterValues;
    setFilters(value === SANDBOX ? { ...others, sandbox: true } : value === ALL ? others : { ...others, status: value }, displayedFilters);
  };
  return (
    <Tabs
      value={current}
      onChange={(_event, value: string) => choose(value)}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label="Order status"
      // Zero width, at least the container's: the tabs scroll inside the list instead of widening it on a phone.
      sx={{ borderBottom: 1, borderColor: 'divider', width: 0, minWidth: '100%' }}
    >
      {TABS.map((tab) => {
        // The other tabs' counts are of real orders: the sandbox's tab has none of its own.
        const count = current === SANDBOX || tab.value === SANDBOX ? undefined : counts?.[tab.value as keyof StaffOrderCounts];
        return <Tab key={tab.value} value={tab.value} label={count === undefined ? tab.label : `${tab.label} (${count.toLocaleString('en-GB')})`} />;
      })}
    </Tabs>
  );
}
