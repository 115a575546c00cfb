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
