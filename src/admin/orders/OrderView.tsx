import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Loading, Title, useDataProvider, useGetOne } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { StaffOrder } from '../../shared/api/staff-orders';
import { formatDay } from '../../shared/domain/calendar/workingDays';
import { ORDER_STATUS_NAMES, type ConfirmedOrderStatus } from '../../shared/domain/orders/statuses';
import { trackingUrl } from '../../shared/domain/orders/tracking';
import { movesFrom, type OrderTransition } from '../../shared/domain/orders/transitions';
import { orderTotalsRows, StatusChip, Totals } from '../../shared/ui/orders';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import { staffUrl } from '../staffAreas';
import { StaffNotFound } from '../common/StaffNotFound';
import { StaffTitle } from '../common/StaffTitle';
import type { StaffDataProvider } from '../dataProvider';
import { messageOf } from '../dataProvider/errors';
import { AwaitingApprovalChip, formatUkDateTime, OverdueChip, SandboxChip } from './fields';
import { awaitsApproval } from '../../shared/domain/orders/proofs';
import { MoveDialog, type MoveValues } from './MoveDialog';
import { OrderItems } from './OrderItems';
import { StaffDetails } from './StaffDetails';
import { SaveFileButton } from '../../shared/ui/download';
import { Line, Section } from '../common/DetailSection';
import { RecordHeading } from '../common/RecordHeading';
import { BlindDispatchChip, DeliveryNoteButton } from './BlindDispatch';

/** The customer, linked to their user view. */
function Customer({ order }: { order: StaffOrder }) {
  const { user } = order;
  return (
    <Section title="Customer">
      <Link component={RouterLink} to={staffUrl(`users/${user.id}`)} sx={{ fontWeight: 600 }}>
        {user.company_name || `${user.firstname} ${user.lastname}`}
      </Link>
      {user.company_name ? <Line>{`${user.firstname} ${user.lastname}`}</Line> : null}
      <Line>{user.email}</Line>
      <Line>Their reference: {order.ref || '—'}</Line>
    </Section>
  );
}

function Delivery({ order }: { order: StaffOrder }) {
  const a = order.address;
  const follow = trackingUrl(order.delivery_type, order.tracking_number);
  return (
    <Section title="Delivery">
      <Box component="address" sx={{ fontStyle: 'normal', mb: 1 }}>
        {[`${a.firstname} ${a.lastname}`, a.company_name, a.address1, a.address2, a.town, a.county, a.postcode, order.country_name]
          .filter(Boolean)
          .map((line, i) => (
            <Line key={i}>{line}</Line>
          ))}
        {a.telephone ? <Line>Tel. {a.telephone}</Line> : null}
      </Box>
      {order.blind_dispatch ? (
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <BlindDispatchChip />
          <Line>Under the customer’s name: no branding of ours; their delivery note goes in.</Line>
          <DeliveryNoteButton orderId={order.id} variant="outlined" />
        </Stack>
      ) : null}
      <Line>Service: {order.delivery_type?.name ?? '—'}</Line>
      <Line>Weight: {(order.weight / 1000).toLocaleString('en-GB', { maximumFractionDigits: 2 })} kg</Line>
      <Line>
        Tracking:{' '}
        {order.tracking_number ? (
          follow ? (
            <Link href={follow} target="_blank" rel="noopener noreferrer">
              {order.tracking_number}
            </Link>
          ) : (
            order.tracking_number
          )
        ) : (
          '—'
        )}
      </Line>
      {order.invoice ? <InvoiceButton invoice={order.invoice} /> : null}
    </Section>
  );
}

function InvoiceButton({ invoice }: { invoice: { id: number; number: string } }) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  return (
    <Box sx={{ mt: 1 }}>
      <SaveFileButton variant="outlined" fetchFile={() => dataProvider.invoicePdf(invoice.id)} name={`${invoice.number}.pdf`}>
        Invoice {invoice.number}
      </SaveFileButton>
    </Box>
  );
}

function Dates({ order }: { order: StaffOrder }) {
  return (
    <Section title="Dates">
      <Stack spacing={0.5}>
        <Line>Confirmed: {formatUkDateTime(order.confirmed_at)}</Line>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Line>Dispatch due: {order.dispatch_due ? formatDay(order.dispatch_due) : '—'}</Line>
          {order.overdue ? <OverdueChip /> : null}
        </Stack>
        <Line>Delivery expected: {order.delivery_due ? formatDay(order.delivery_due) : '—'}</Line>
        <Line>Dispatched: {formatUkDateTime(order.dispatched_at)}</Line>
      </Stack>
    </Section>
  );
}

/** Every transition, newest last: the move, who made it and when, and the note. */
function History({ order }: { order: StaffOrder }) {
  return (
    <Section title="History">
      <Box component="ol" aria-label={`History of order ${order.id}`} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {order.events.map((event) => (
          <Box component="li" key={event.id} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {event.from ? `${ORDER_STATUS_NAMES[event.from]} → ${ORDER_STATUS_NAMES[event.to]}` : ORDER_STATUS_NAMES[event.to]}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {event.actor_name ?? '—'} ({ACTOR_NAMES[event.actor]}) · {formatUkDateTime(event.at)}
            </Typography>
            {event.note ? <Line>{event.note}</Line> : null}
          </Box>
        ))}
      </Box>
    </Section>
  );
}

const ACTOR_NAMES = { staff: 'staff', customer: 'customer', system: 'system' } as const;

/** The moves the transition table allows staff from the order's status, each opening its dialog. */
function StatusActions({ order, onMoved, onConflict }: { order: StaffOrder; onMoved(order: StaffOrder): void; onConflict(): Promise<unknown> }) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const [moving, setMoving] = useState<OrderTransition | null>(null);
  const moves = movesFrom(order.status, 'staff');
  if (!moves.length) return null;
  async function move(values: MoveValues) {
    try {
      const moved = await dataProvider.moveOrder(order.id, { ...values, version: order.version });
      setMoving(null);
      onMoved(moved);
    } catch (error) {
      // A colleague moved it first: show the order as it is now (the dialog keeps the message and what was typed).
      if ((error as { status?: number }).status === 409) await onConflict();
      throw error;
    }
  }
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Status actions" role="group">
        {moves.map((t) => (
          <Button
            key={t.to}
            variant={t.to === 'cancelled' ? 'outlined' : 'contained'}
            color={t.to === 'cancelled' ? 'error' : t.to === 'problem' ? 'warning' : 'primary'}
            onClick={() => setMoving(t)}
          >
            {t.staffAction ?? t.action}
          </Button>
        ))}
      </Stack>
      {moving ? (
        <MoveDialog
          open
          title={`${moving.staffAction ?? moving.action}: order ${order.id}`}
          targets={[moving.to as ConfirmedOrderStatus]}
          service={order.delivery_type}
          intro={moving.mailsCustomer ? 'The customer is e-mailed about this move.' : undefined}
          onSubmit={move}
          onClose={() => setMoving(null)}
        />
      ) : null}
    </>
  );
}

/**
 * The list puts its rows (summaries) in react-admin's cache of records; the page reads the whole
 * order under a key of its own, so a row never stands in for it.
 */
const WHOLE_ORDER = { whole: true };

/**
 * /admin/orders/{id}: everything staff need to run one order — the customer, delivery, dates,
 * totals, the items with their artwork and preflight, the history, staff notes and tracking, and
 * the status moves the table allows. The page updates in place after each change.
 */
export function OrderView() {
  const { id } = useParams();
  const queryClient = useQueryClient();
  const { data: order, error, isPending, refetch } = useGetOne<StaffOrder>('orders', { id: Number(id), meta: WHOLE_ORDER }, { enabled: !!id });
  if (isPending) return <Loading />;
  if ((error as { status?: number } | null)?.status === 404) return <StaffNotFound record={`order ${id}`} />;
  if (error || !order) return <LoadFailed what="The order" reason={messageOf(error)} onRetry={() => void refetch()} />;

  // A move or a save answers the order as it now is: shown at once, with no second read; the lists
  // and counts are marked stale for when they are next shown.
  const changed = (next: StaffOrder) => {
    queryClient.setQueryData(['orders', 'getOne', { id: String(order.id), meta: WHOLE_ORDER }], next);
    void queryClient.invalidateQueries({ queryKey: ['orders'], refetchType: 'none' });
  };

  return (
    <Box sx={{ py: 2, minWidth: 0 }}>
      <Title title={<StaffTitle page="Orders" record={`Order ${order.id}`} />} />
      <RecordHeading
        title={`Order ${order.id}`}
        chips={
          <>
            <StatusChip status={order.status} />
            {order.overdue ? <OverdueChip /> : null}
            {order.status === 'live' && order.items.some(awaitsApproval) ? <AwaitingApprovalChip /> : null}
            {order.blind_dispatch ? <BlindDispatchChip /> : null}
            {order.test ? <SandboxChip /> : null}
          </>
        }
        actions={<StatusActions order={order} onMoved={changed} onConflict={refetch} />}
      />
      {order.status === 'problem' && order.problem_text ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <strong>On hold — the customer was told:</strong>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {order.problem_text}
          </Typography>
        </Alert>
      ) : null}
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' }, mb: 2 }}
      >
        <Customer order={order} />
        <Delivery order={order} />
        <Dates order={order} />
        <Section title="Totals">
          <Totals rows={orderTotalsRows(order)} />
        </Section>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <OrderItems order={order} />
        <Stack spacing={2}>
          <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
            <StaffDetails order={order} onSaved={changed} onConflict={refetch} />
          </Paper>
          <History order={order} />
        </Stack>
      </Box>
    </Box>
  );
}
