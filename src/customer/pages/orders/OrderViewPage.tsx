import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Order } from '../../../shared/api/orders';
import { formatDay } from '../../../shared/domain/calendar/workingDays';
import { canReplaceArtwork } from '../../../shared/domain/orders/artwork';
import { ORDER_STATUS_NAMES } from '../../../shared/domain/orders/statuses';
import { movesFrom } from '../../../shared/domain/orders/transitions';
import { isCollection, orderDaysLine } from '../../../shared/domain/orders/dates';
import { trackingUrl } from '../../../shared/domain/orders/tracking';
import { useOrderAction, useOrderWhilePaying } from '../../api/orders';
import { AwaitingPayment, PaymentReceived } from './CardPayment';
import { AwaitingOwnerApproval } from './OwnerApproval';
import { PageFrame } from '../../components/PageFrame';
import { route } from '../../paths';
import { ArtworkFromLink, ArtworkUpload } from '../create/ItemCard';
import { ConfirmDialog, ItemArtwork, ItemSummary, OrderDelivery, orderTotalsRows, StatusChip, Totals } from './orderItemViews';
import { SandboxChip } from './SandboxChip';
import { errorText, LoadFailed, Loading, statusOf } from '../../components/QueryStates';
import { SaveFileButton } from '../../../shared/ui/download';
import { focusLost, restoreFocus } from '../../../shared/ui/focus';
import { fetchInvoicePdf } from '../../api/invoices';
import { AwaitingApprovalBanner, awaitingApproval, ProofPanel } from './ProofPanel';

const when = (iso: string) =>
  `${formatDay(iso.slice(0, 10))} ${new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' })}`;

function Actions({ order }: { order: Order }) {
  const navigate = useNavigate();
  const action = useOrderAction(order.id);
  const [cancelling, setCancelling] = useState(false);
  const moves = movesFrom(order.status, 'customer');
  const canCancel = moves.some((m) => m.to === 'cancelled');
  const canResubmit = moves.some((m) => m.to === 'live' && order.status === 'problem');
  return (
    <>
      {canResubmit && (
        <Button variant="contained" disabled={action.isPending} onClick={() => action.mutate('resubmit')}>
          Resubmit
        </Button>
      )}
      <Button
        variant="outlined"
        disabled={action.isPending}
        onClick={() => action.mutate('reorder', { onSuccess: (basket) => void navigate(route('create.items', { id: basket.id })) })}
      >
        Reorder
      </Button>
      <Button variant="outlined" component={RouterLink} to={route('tickets.index', {}, { new: 1, order: order.id })}>
        Raise an issue about this order
      </Button>
      {canCancel && (
        <Button color="error" variant="outlined" disabled={action.isPending} onClick={() => setCancelling(true)}>
          Cancel order
        </Button>
      )}
      <ConfirmDialog
        open={cancelling}
        title={`Cancel order #${order.id}?`}
        confirmLabel="Cancel order"
        busy={action.isPending}
        error={cancelling && action.isError ? errorText(action.error) : null}
        onClose={() => setCancelling(false)}
        onConfirm={() => action.mutate('cancel', { onSuccess: () => setCancelling(false) })}
      >
        The order will be stopped and not printed. This cannot be undone.
      </ConfirmDialog>
      {!cancelling && action.isError && (
        <Alert severity="error" sx={{ width: '100%' }}>
          {errorText(action.error)}
        </Alert>
      )}
    </>
  );
}

/** Which of the page's views an order is shown in: while it waits for an owner or its card payment, or as an order. */
function viewOf(order: Order | undefined): 'loading' | 'approval' | 'payment' | 'basket' | 'order' {
  if (!order) return 'loading';
  if (order.status !== 'basket') return 'order';
  return order.payment_status === 'pending' ? 'payment' : order.approval ? 'approval' : 'basket';
}

/**
 * When the order moves from one view to another on this page (an owner's Approve, a payment landing),
 * the button that had focus goes with the view it was in: focus goes to the page's main region, as
 * after a navigation, rather than back to the top of the document.
 */
function useFocusAcrossViews(view: ReturnType<typeof viewOf>): void {
  const shown = useRef(view);
  useEffect(() => {
    const before = shown.current;
    shown.current = view;
    if (before !== 'loading' && before !== view && focusLost()) restoreFocus();
  }, [view]);
}

/** /orders/{id}: one order with its items, delivery, totals, status and history. */
export default function OrderViewPage() {
  const id = Number(useParams().id);
  const query = useOrderWhilePaying(id);
  useFocusAcrossViews(viewOf(query.data));
  // Back from the card payment page: `?payment=done` (paid) or `?payment=cancelled` (went back).
  const [search] = useSearchParams();
  const returned = search.get('payment');
  // Opened at an item's proof (`?proof={itemId}`, where the e-mail's link leads): its panel takes focus.
  const proofItem = Number(search.get('proof'));
  if (!Number.isInteger(id) || id <= 0 || statusOf(query.error) === 404) {
    return (
      <PageFrame title="Order not found">
        <Alert severity="warning">We cannot find this order on your account.</Alert>
      </PageFrame>
    );
  }
  if (query.isPending)
    return (
      <PageFrame title={`Order #${id}`}>
        <Loading label="Loading the order…" />
      </PageFrame>
    );
  if (query.isError)
    return (
      <PageFrame title={`Order #${id}`}>
        <LoadFailed what="The order" error={query.error} onRetry={() => void query.refetch()} />
      </PageFrame>
    );
  const order = query.data;
  // A basket awaiting its card payment says so honestly until the payment lands (the page reads it again meanwhile).
  if (order.status === 'basket' && order.payment_status === 'pending') return <AwaitingPayment order={order} pollsLeft={query.pollsLeft} returned={returned} />;
  // A buyer's order waiting for an owner's approval: frozen, with the owners' Approve and Decline.
  if (order.status === 'basket' && order.approval) return <AwaitingOwnerApproval order={order} />;
  if (order.status === 'basket') return <Navigate to={route('create.items', { id })} replace />;
  const trackingLink = trackingUrl(order.delivery_type, order.tracking_number);
  // What was promised, the day it went (or was ready to collect), or nothing once cancelled.
  const days = orderDaysLine({ ...order, carrier: order.delivery_type?.carrier ?? null });

  return (
    <PageFrame
      title={`Order #${order.id}`}
      intro={
        <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <StatusChip status={order.status} />
          {order.test && <SandboxChip />}
          <span>{order.ref ? `Your reference: ${order.ref}` : ''}</span>
          {/* The company's members see each other's orders: who placed this one. */}
          <span>Placed by {order.placed_by.name || 'a former member'}</span>
        </Stack>
      }
      actions={<Actions order={order} />}
    >
      {returned === 'done' && order.payment_status === 'paid' && <PaymentReceived order={order} />}
      {awaitingApproval(order) && <AwaitingApprovalBanner order={order} />}
      {order.status === 'problem' && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          <AlertTitle>We need something from you</AlertTitle>
          {order.problem_text}
          <Typography variant="body2" sx={{ mt: 1 }}>
            Replace the artwork below if asked, then press Resubmit.
          </Typography>
        </Alert>
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <section aria-labelledby="items-heading">
            <Typography variant="h3" component="h2" id="items-heading" sx={{ mb: 1 }}>
              Items
            </Typography>
            {order.items.map((item, index) => (
              <Paper key={item.id} component="article" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
                <ItemSummary item={item} index={index} />
                {item.artwork ? (
                  <ItemArtwork orderId={order.id} item={item}>
                    {canReplaceArtwork(order.status) && (
                      <>
                        <ArtworkUpload orderId={order.id} item={item} label="Replace artwork" />
                        <ArtworkFromLink orderId={order.id} item={item} />
                      </>
                    )}
                  </ItemArtwork>
                ) : canReplaceArtwork(order.status) ? (
                  <Box sx={{ mt: 2 }}>
                    <ArtworkUpload orderId={order.id} item={item} label="Upload PDF" />
                    <ArtworkFromLink orderId={order.id} item={item} />
                  </Box>
                ) : (
                  <Typography variant="body2">No artwork.</Typography>
                )}
                {item.proof_requested && <ProofPanel order={order} item={item} focusOnArrival={item.id === proofItem} />}
              </Paper>
            ))}
          </section>
          <section aria-labelledby="history-heading">
            <Typography variant="h3" component="h2" id="history-heading" sx={{ mb: 1 }}>
              History
            </Typography>
            <Box component="ol" sx={{ m: 0, pl: 3 }}>
              {order.events.map((event) => (
                <li key={`${event.at}-${event.to}`}>
                  <Typography variant="body2">
                    <strong>{when(event.at)}</strong>: {event.from ? `${ORDER_STATUS_NAMES[event.from]} → ` : ''}
                    {/* A customer's move may be a colleague's (the company's members share its orders): the note names who, where it matters. */}
                    {ORDER_STATUS_NAMES[event.to]} ({event.actor === 'customer' ? 'your company' : event.actor === 'staff' ? 'our staff' : 'automatic'})
                    {event.note ? ` — ${event.note}` : ''}
                  </Typography>
                </li>
              ))}
            </Box>
          </section>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }} component="section" aria-labelledby="delivery-heading">
            <Typography variant="h3" component="h2" id="delivery-heading">
              Delivery
            </Typography>
            <OrderDelivery order={order} />
            {days && (
              <Typography variant="body2" data-testid="order-dates">
                {days}
                {order.status === 'dispatched' && order.tracking_number && (
                  <>
                    {isCollection(order.delivery_type?.carrier) ? ' · reference ' : ' · tracking number '}
                    {trackingLink ? (
                      <Link href={trackingLink} target="_blank" rel="noopener noreferrer">
                        {order.tracking_number}
                      </Link>
                    ) : (
                      order.tracking_number
                    )}
                  </>
                )}
              </Typography>
            )}
            {order.invoice && (
              <Box sx={{ mt: 1 }}>
                <SaveFileButton variant="outlined" fetchFile={() => fetchInvoicePdf(order.invoice!.id)} name={`${order.invoice.number}.pdf`}>
                  Invoice {order.invoice.number}
                </SaveFileButton>
              </Box>
            )}
          </Paper>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="totals-heading">
            <Typography variant="h3" component="h2" id="totals-heading" sx={{ mb: 1 }}>
              Totals
            </Typography>
            <Totals rows={orderTotalsRows(order)} />
          </Paper>
          <Button component={RouterLink} to={route('orders.index', {}, { status: order.status })} sx={{ mt: 2 }}>
            All {ORDER_STATUS_NAMES[order.status]} orders
          </Button>
        </Grid>
      </Grid>
    </PageFrame>
  );
}
