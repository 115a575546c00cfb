import { useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useAuth } from '../../../shared/auth';
import type { OrderSummary } from '../../../shared/api/orders';
import { formatPence } from '../../../shared/domain/pricing/format';
import { formatDay } from '../../../shared/domain/calendar/workingDays';
import { createOrder, useDiscardOrder, useOrders } from '../../api/orders';
import { PageFrame } from '../../components/PageFrame';
import { route } from '../../paths';
import { ConfirmDialog } from '../orders/orderItemViews';
import { errorText, LoadFailed, Loading } from '../../components/QueryStates';
import { OrderDetailsForm } from './OrderDetailsForm';
import { ApiOrdersAwaiting } from './ApiOrdersAwaiting';

function NewOrderForm() {
  const { user } = useAuth();
  const navigate = useNavigate();
  // An item chosen on the price list (in the address) goes on to the new basket's items step.
  const { search } = useLocation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="new-order-heading">
      <OrderDetailsForm
        reference=""
        address={user}
        blindDispatch={user?.blind_dispatch ?? false}
        preselectDefault
        submitLabel="Start order"
        onSubmit={async (details) => {
          const order = await createOrder(details);
          await navigate(`${route('create.items', { id: order.id })}${search}`);
        }}
      >
        <Typography variant="h3" component="h2" id="new-order-heading">
          Start a new order
        </Typography>
        <Typography variant="body2" color="text.secondary">
          The delivery address is your default saved address, or your profile’s; pick another or change anything for this order.
        </Typography>
      </OrderDetailsForm>
    </Paper>
  );
}

function Baskets() {
  const baskets = useOrders({ status: 'basket', per_page: 50 });
  const discard = useDiscardOrder();
  const [discarding, setDiscarding] = useState<OrderSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  if (baskets.isPending) return <Loading label="Loading your baskets…" />;
  if (baskets.isError) return <LoadFailed what="Your baskets" error={baskets.error} onRetry={() => void baskets.refetch()} />;
  const rows = baskets.data.data;
  return (
    <section aria-labelledby="baskets-heading">
      <Typography variant="h3" component="h2" id="baskets-heading" ref={heading} tabIndex={-1} sx={{ mb: 1 }}>
        Your baskets
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">You have no orders in progress. Start one with the form.</Typography>
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="baskets-heading">
            <TableHead>
              <TableRow>
                <TableCell>Reference</TableCell>
                <TableCell align="right">Items</TableCell>
                <TableCell align="right">Value so far</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Started</TableCell>
                <TableCell>
                  <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>Actions</span>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((basket) => (
                <TableRow key={basket.id}>
                  <TableCell>{basket.ref || `Basket ${basket.id}`}</TableCell>
                  <TableCell align="right">{basket.item_count}</TableCell>
                  <TableCell align="right">{basket.value === null ? '—' : formatPence(basket.value)}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{formatDay(basket.created_at.slice(0, 10))}</TableCell>
                  <TableCell>
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
                      <Button
                        size="small"
                        variant="contained"
                        component={RouterLink}
                        to={route('create.items', { id: basket.id })}
                        aria-label={`Open ${basket.ref || `basket ${basket.id}`}`}
                      >
                        Open
                      </Button>
                      <Button size="small" color="error" onClick={() => setDiscarding(basket)} aria-label={`Discard ${basket.ref || `basket ${basket.id}`}`}>
                        Discard
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      <ConfirmDialog
        open={discarding !== null}
        title="Discard this basket?"
        confirmLabel="Discard basket"
        busy={discard.isPending}
        fallbackFocus={() => heading.current}
        error={error}
        onClose={() => {
          setDiscarding(null);
          setError(null);
        }}
        onConfirm={() => {
          if (!discarding) return;
          discard.mutate(discarding.id, {
            onSuccess: () => {
              setDiscarding(null);
              setError(null);
            },
            onError: (failure) => setError(errorText(failure)),
          });
        }}
      >
        {discarding &&
          `“${discarding.ref || `Basket ${discarding.id}`}” and its ${discarding.item_count} item(s) and artwork will be deleted. This cannot be undone.`}
      </ConfirmDialog>
    </section>
  );
}

/** /create: the customer's baskets (those built in the browser), the trade API's orders waiting for artwork, and a form to start a new one. */
export default function CreatePage() {
  return (
    <PageFrame intro="Choose products, paper and quantities, upload your artwork and confirm.">
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Baskets />
          {/* Quotes are saved baskets: found where baskets are (the bar stays the specification's). */}
          <Typography sx={{ mt: 3 }} data-testid="quotes-link">
            Quotes you saved from a basket, to send to your clients or order later:{' '}
            <Link component={RouterLink} to={route('quotes.index')}>
              Your quotes
            </Link>
          </Typography>
          {/* The trade API's orders waiting for artwork: baskets of the integration, listed apart from the browser's. */}
          <ApiOrdersAwaiting />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <NewOrderForm />
        </Grid>
      </Grid>
    </PageFrame>
  );
}
