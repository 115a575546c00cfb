import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { StaffOrderSummary } from '../../shared/api/staff-orders';
import { formatDay, formatMoment } from '../../shared/domain/calendar/workingDays';
import { formatPence } from '../../shared/domain/pricing/format';
import { staffUrl } from '../staffAreas';

const ukDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short', year: 'numeric' });

/** "23 Nov 2026" (UK time). */
export const formatUkDate = (iso: string | null): string => (iso ? ukDate.format(new Date(iso)) : '—');
/** "23 Nov 2026, 14:05" (UK time). */
export const formatUkDateTime = (iso: string | null): string => (iso ? formatMoment(iso) : '—');
export const formatMoney = (pence: number | null): string => (pence === null ? '—' : formatPence(pence));

export function OverdueChip() {
  return <Chip size="small" color="error" label="Overdue" />;
}

/** A sandbox order (placed with a test API key): no work for the press, never invoiced. */
export function SandboxChip() {
  return <Chip size="small" color="warning" variant="outlined" label="Sandbox (test API order)" />;
}

/**
 * A row of the orders list with what the server adds about proofs: the order waits for its
 * customer's approval of a proof, since when (the oldest waiting item's proof, or the confirmation).
 */
export type StaffOrderRow = StaffOrderSummary & { awaiting_approval?: boolean; awaiting_approval_since?: string | null };

/** Not printed until the customer approves a proof. Outlined beside Pending's filled chip, in the darker blue that reads on the page's grey too. */
export function AwaitingApprovalChip() {
  return <Chip size="small" color="info" variant="outlined" label="Awaiting approval" sx={{ color: 'info.dark', borderColor: 'info.dark' }} />;
}

/** How long something has waited, roughly: "40 min", "5 h", "3 days 4 h". */
export function waitedFor(since: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return `${days} day${days === 1 ? '' : 's'}${rest ? ` ${rest} h` : ''}`;
}

/** How long an order has waited for its customer's approval, with the moment it began (UK time) as its tooltip. */
export function Waiting({ order }: { order: StaffOrderRow }) {
  if (!order.awaiting_approval_since) return <span>—</span>;
  return <span title={`Since ${formatUkDateTime(order.awaiting_approval_since)}`}>{waitedFor(order.awaiting_approval_since)}</span>;
}

/** The promised dispatch day, flagged when it has passed and the order has not gone. */
export function DispatchDue({ order }: { order: Pick<StaffOrderSummary, 'dispatch_due' | 'overdue'> }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      <span>{order.dispatch_due ? formatDay(order.dispatch_due) : '—'}</span>
      {order.overdue ? <OverdueChip /> : null}
    </Stack>
  );
}

/** "#1042", opening the order. */
export const OrderLink = ({ id }: { id: number }) => (
  <Link component={RouterLink} to={staffUrl(`orders/${id}`)} sx={{ fontWeight: 600 }}>
    #{id}
  </Link>
);

/** "#1042" and the customer's reference under it; `linked`, the number opens the order (where a row does not). */
export function OrderNumber({ order, linked = false }: { order: Pick<StaffOrderSummary, 'id' | 'ref'>; linked?: boolean }) {
  return (
    <>
      {linked ? <OrderLink id={order.id} /> : <strong>#{order.id}</strong>}
      {order.ref ? (
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {order.ref}
        </Typography>
      ) : null}
    </>
  );
}
