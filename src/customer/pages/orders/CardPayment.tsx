import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Order } from '../../../shared/api/orders';
import { promisedDays } from '../../../shared/domain/orders/dates';
import { formatPence } from '../../../shared/domain/pricing/format';
import { useStopCardPayment } from '../../api/orders';
import { PageFrame } from '../../components/PageFrame';
import { errorText } from '../../components/QueryStates';
import { route } from '../../paths';

/*
 * The order page around a card payment (DESIGN §2 "Payment terms…"): it says only what is so. The
 * order is confirmed when the payment provider tells us it was paid — usually within seconds of the
 * customer coming back — so until then the page says it is waiting, reads the order again a few
 * times, and offers the payment page again (or to stop the payment and change the basket).
 */

/** A basket awaiting its card payment: waiting (and reading the order again), or — after a while — what the customer can do. */
export function AwaitingPayment({ order, pollsLeft, returned }: { order: Order; pollsLeft: number; returned: string | null }) {
  const navigate = useNavigate();
  const stop = useStopCardPayment(order.id);
  const stillLooking = pollsLeft > 0 && returned === 'done';
  return (
    <PageFrame title={`Order #${order.id}`} intro={order.ref ? `Your reference: ${order.ref}` : undefined}>
      <Alert severity="info" icon={stillLooking ? <CircularProgress size={20} aria-hidden /> : undefined} role="status" sx={{ mb: 2 }}>
        <AlertTitle>Waiting for the payment…</AlertTitle>
        {returned === 'done'
          ? stillLooking
            ? 'We are waiting for the card payment to reach us; this page updates by itself.'
            : 'The card payment has not reached us yet. If you paid, it will show here shortly: reload this page in a minute. Nothing is charged twice.'
          : returned === 'cancelled'
            ? 'The card payment was not completed. Pay now, or stop the payment to change your order.'
            : 'This order is confirmed as soon as its card payment is received.'}
      </Alert>
      <Typography variant="body1" sx={{ mb: 1 }}>
        Total to pay: <strong>{order.total !== null ? formatPence(order.total) : '—'}</strong> including VAT.
      </Typography>
      {order.dispatch_due && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Once paid: {promisedDays(order.delivery_type?.carrier, order.dispatch_due, order.delivery_due)}.
        </Typography>
      )}
      {stop.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(stop.error)}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {order.checkout_url && (
          <Button variant="contained" href={order.checkout_url}>
            Go to the payment page
          </Button>
        )}
        <Button
          variant="outlined"
          onClick={() => stop.mutate(undefined, { onSuccess: () => void navigate(route('create.items', { id: order.id })) })}
          aria-disabled={stop.isPending || undefined}
        >
          {stop.isPending ? 'Stopping the payment…' : 'Stop the payment and change the order'}
        </Button>
      </Stack>
    </PageFrame>
  );
}

/** Back from the payment page, and the payment has landed: the order is confirmed. */
export function PaymentReceived({ order }: { order: Order }) {
  return (
    <Alert severity="success" role="status" sx={{ mb: 3 }}>
      <AlertTitle>Payment received, order confirmed</AlertTitle>
      Thank you: {order.total !== null ? `${formatPence(order.total)} was paid by card. ` : ''}We have e-mailed your confirmation.
    </Alert>
  );
}
