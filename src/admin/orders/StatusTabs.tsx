import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useListContext } from 'react-admin';
import { ORDER_STATUSES } from '../../shared/domain/orders/statuses';
import { useOrderCounts } from './useOrderCounts';

const ALL = 'all';
/** The sandbox's orders (placed with test API keys), in every status: left out of the other tabs. */
const SANDBOX = 'sandbox';
/** Confirmed orders with a proof their customer has not approved: Pending, but not for the press yet. */
const AWAITING = 'awaiting_approval';
const TABS = [
  ...ORDER_STATUSES.flatMap(({ status, label }) =>
    status === 'live'
      ? [
          { value: status, label },
          { value: AWAITING, label: 'Awaiting approval' },
        ]
      : [{ value: status, label }],
  ),
  { value: ALL, label: 'All' },
  { value: SANDBOX, label: 'Sandbox' },
] as const;

/**
 * The orders list's status tabs — Pending (then Awaiting approval: those of them whose customer has
 * a proof to approve, with how long they have waited), Processing, Issues, Dispatched, Cancelled and
 * All, then Sandbox (the test API orders, which the others leave out) — each
 * with the number of orders in it under the other filters (search, customer, dates, overdue) and
 * the list's `permanent` ones (a user's Orders part: theirs only).
 */
export function StatusTabs({ permanent = {} }: { permanent?: Record<string, unknown> }) {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  // Each tab's count under the other filters: the awaiting-approval view is a tab, not one of them.
  const { awaiting_approval: _awaiting, ...counted } = filterValues;
  const { data: counts } = useOrderCounts({ ...counted, ...permanent });
  const current =
    filterValues.sandbox === true
      ? SANDBOX
      : filterValues.awaiting_approval === true
        ? AWAITING
        : typeof filterValues.status === 'string'
          ? filterValues.status
          : ALL;
  const choose = (value: string) => {
    const { status: _status, sandbox: _sandbox, awaiting_approval: _awaitingApproval, ...others } = filterValues;
    const next =
      value === SANDBOX
        ? { ...others, sandbox: true }
        : value === AWAITING
          ? { ...others, awaiting_approval: true }
          : value === ALL
            ? others
            : { ...others, status: value };
    setFilters(next, displayedFilters);
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
        const count = current === SANDBOX || tab.value === SANDBOX ? undefined : (counts as Partial<Record<string, number>> | undefined)?.[tab.value];
        return <Tab key={tab.value} value={tab.value} label={count === undefined ? tab.label : `${tab.label} (${count.toLocaleString('en-GB')})`} />;
      })}
    </Tabs>
  );
}
