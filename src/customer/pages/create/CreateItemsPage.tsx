import { useCallback, useId, useRef, useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import CheckCircle from '@mui/icons-material/CheckCircle';
import EditOutlined from '@mui/icons-material/EditOutlined';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { DeliveryOption, Order } from '../../../shared/api/orders';
import { promisedDays } from '../../../shared/domain/orders/dates';
import { needsApproval } from '../../../shared/domain/companies/roles';
import { standingDecline } from '../../../shared/domain/companies/approval';
import { useAuth } from '../../../shared/auth';
import { useCompanyMembers } from '../../api/companyMembers';
import { formatPence } from '../../../shared/domain/pricing/format';
import type { PaymentTerms } from '../../../shared/domain/payments/terms';
import {
  basketSignature,
  checkingArtwork,
  useAddItem,
  useConfirmOrder,
  useDeliveryOptions,
  useOrder,
  useOrderableProducts,
  useUpdateOrder,
} from '../../api/orders';
import { usePriceList } from '../../api/prices';
import { useSaveQuote } from '../../api/quotes';
import { apiErrors } from '../../../shared/http';
import { formatDate } from '../../../shared/domain/calendar/workingDays';
import { PageFrame } from '../../components/PageFrame';
import { route } from '../../paths';
import { Totals } from '../orders/orderItemViews';
import { errorText, LoadFailed, Loading, statusOf } from '../../components/QueryStates';
import { ItemCard } from './ItemCard';
import { ItemForm } from './ItemForm';
import { OrderDetailsForm } from './OrderDetailsForm';
import { BlindDispatchNote } from '../orders/BlindDispatchNote';
import { SandboxChip } from '../orders/SandboxChip';
import { prefillFrom, withoutPrefill } from './prefill';
import { useFocusFallback } from '../../components/useFocusFallback';

/** "Confirm by 12:00 today: dispatch Tue 24 Nov, estimated delivery Wed 25 Nov" (or "ready to collect on Tue 24 Nov"). */
export function promiseText(option: Pick<DeliveryOption, 'carrier' | 'confirm_by' | 'dispatch_date' | 'delivery_date'>): string {
  const dates = promisedDays(option.carrier, option.dispatch_date, option.delivery_date);
  return option.confirm_by ? `Confirm by ${option.confirm_by} today: ${dates}` : `Confirm now: ${dates}`;
}

function DeliveryChoice({ order }: { order: Order }) {
  const options = useDeliveryOptions(order.id, order.items.length > 0);
  const update = useUpdateOrder(order.id);
  const labelId = useId();
  if (order.items.length === 0) return <Typography color="text.secondary">Add an item to see the delivery services and dates.</Typography>;
  if (options.isPending) return <Loading label="Loading delivery services…" />;
  if (options.isError) return <LoadFailed what="The delivery services" error={options.error} onRetry={() => void options.refetch()} />;
  if (options.data.length === 0) return <Alert severity="warning">No delivery service is offered for this address and weight. Please contact us.</Alert>;
  return (
    <>
      <Typography id={labelId} sx={{ mb: 1 }}>
        Choose a delivery service
      </Typography>
      {/*
        One radio group: Tab enters it at the chosen service, the arrow keys move through the
        services (each move saved as it is made, in order). Never disabled while saving, which would
        drop keyboard focus.
      */}
      <RadioGroup
        aria-labelledby={labelId}
        value={String((update.isPending ? update.variables.delivery_type_id : order.delivery_type_id) ?? '')}
        onChange={(event) => update.mutate({ delivery_type_id: Number(event.target.value) })}
      >
        {options.data.map((option) => (
          <FormControlLabel
            key={option.id}
            value={String(option.id)}
            control={<Radio />}
            sx={{ alignItems: 'flex-start', mb: 1, mr: 0 }}
            label={
              <Box sx={{ pt: 1 }}>
                <Typography component="span" sx={{ fontWeight: 600 }}>
                  {option.name} — {formatPence(option.price)}
                </Typography>
                <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                  {promiseText(option)}
                </Typography>
              </Box>
            }
          />
        ))}
      </RadioGroup>
      {update.isError && <Alert severity="error">{errorText(update.error)}</Alert>}
    </>
  );
}

/** The basket's reference and delivery address, with a dialog to change them (full screen on a phone). */
/**
 * A basket the customer's integration placed through the trade API: said at the top, with its key
 * and the integration's reference, and that it confirms itself once its artwork has passed — the
 * customer may give that artwork here by hand.
 */
function FromTradeApi({ order }: { order: Order }) {
  if (!order.trade_api) return null;
  const { key_name: key, external_ref: reference } = order.trade_api;
  return (
    <Alert severity="info" sx={{ mb: 3, overflowWrap: 'anywhere' }} data-testid="from-trade-api">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
        <strong>This order came from the trade API</strong>
        {/* On the paper's own white: the warning colour is too light on the info tint. */}
        {order.test && <SandboxChip sx={{ bgcolor: 'background.paper' }} />}
      </Stack>
      Placed by your integration {key ? `with the API key “${key}”` : 'with an API key removed since'}
      {reference ? `, as its order ${reference}` : ''}. It confirms itself once every item&rsquo;s artwork has passed our check; you can upload the artwork
      below to complete it by hand.
    </Alert>
  );
}

/** A basket an owner declined (DESIGN §2 "Companies"): who and why, as the buyer's e-mail said, until it is sent again. */
function Declined({ order }: { order: Order }) {
  const note = standingDecline(order.events.map((e) => e.note));
  if (!note) return null;
  return (
    <Alert severity="warning" sx={{ mb: 3, overflowWrap: 'anywhere' }} data-testid="declined-notice">
      {/[.!?]$/.test(note) ? note : `${note}.`} Change it and send it again, or discard it.
    </Alert>
  );
}

function OrderDetails({ order }: { order: Order }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateOrder(order.id);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const a = order.address;
  const lines = [
    [a.firstname, a.lastname].join(' '),
    a.company_name,
    a.address1,
    a.address2,
    [a.town, a.county].filter(Boolean).join(', '),
    a.postcode,
    order.country_name ?? '',
  ]
    .map((line) => line.trim())
    .filter(Boolean);
  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }} aria-labelledby="details-heading">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
        <Typography variant="h3" component="h2" id="details-heading">
          Reference and delivery address
        </Typography>
        <Button startIcon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)} aria-label="Change the reference or delivery address">
          Change
        </Button>
      </Stack>
      <Typography sx={{ mt: 1 }}>
        <strong>Your reference:</strong> {order.ref || 'none'}
      </Typography>
      <Typography component="address" sx={{ fontStyle: 'normal', mt: 1, overflowWrap: 'anywhere' }} data-testid="basket-address">
        {lines.join(', ')}
        {a.telephone && ` · ${a.telephone}`}
        {a.email && ` · ${a.email}`}
      </Typography>
      {order.blind_dispatch && <BlindDispatchNote />}
      <Dialog open={editing} onClose={() => setEditing(false)} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="details-dialog-title">
        <DialogTitle id="details-dialog-title">Reference and delivery address</DialogTitle>
        <DialogContent>
          <OrderDetailsForm
            reference={order.ref}
            address={order.address}
            blindDispatch={order.blind_dispatch}
            submitLabel="Save"
            onSubmit={async (details) => {
              await update.mutateAsync(details);
              setEditing(false);
            }}
            extraActions={
              <Button onClick={() => setEditing(false)} sx={{ mt: 2 }}>
                Cancel
              </Button>
            }
          >
            <Typography variant="body2" color="text.secondary">
              A new address may change the delivery services offered and their prices.
            </Typography>
          </OrderDetailsForm>
        </DialogContent>
      </Dialog>
    </Paper>
  );
}

/**
 * "Save as quote": the basket's items, delivery and today's prices kept as a quote (artwork not
 * needed) for the customer's /quotes page; what the basket still lacks for it is listed when refused.
 */
function SaveAsQuote({ order }: { order: Order }) {
  const save = useSaveQuote(order.id);
  const refusal = save.error && statusOf(save.error) === 422 ? Object.values(apiErrors(save.error)?.errors ?? {}) : [];
  return (
    <Box sx={{ mt: 1.5 }}>
      <Button variant="outlined" fullWidth onClick={() => !save.isPending && save.mutate()} aria-disabled={save.isPending || undefined}>
        {save.isPending ? 'Saving the quote…' : 'Save as quote'}
      </Button>
      <Box aria-live="polite">
        {save.isSuccess && (
          <Alert severity="success" sx={{ mt: 1 }}>
            Saved as quote {save.data.number}, valid until {formatDate(save.data.valid_until)}.{' '}
            <RouterLink to={route('quotes.index')}>See your quotes</RouterLink>
          </Alert>
        )}
        {save.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorText(save.error, 'The quote could not be saved. Please try again.')}
            {refusal.length > 0 && (
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {refusal.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </Box>
            )}
          </Alert>
        )}
      </Box>
    </Box>
  );
}

/**
 * The approval limit the signed-in member's confirmations are held to: a buyer's own, else the
 * company's for all buyers (read only then); null for owners and viewers, or with no limit at all.
 */
function useOwnApprovalLimit(): number | null {
  const { user } = useAuth();
  const buyer = user?.company_role === 'buyer';
  const own = user?.approval_limit ?? null;
  const company = useCompanyMembers({ enabled: buyer && own === null });
  if (!buyer) return null;
  return own ?? company.data?.company.approval_limit ?? null;
}

function Summary({ order }: { order: Order }) {
  const navigate = useNavigate();
  const confirmation = useConfirmOrder(order.id, basketSignature(order));
  const itemsTotal = order.items.every((i) => i.price !== null) ? order.items.reduce((sum, i) => sum + (i.price ?? 0), 0) : null;
  const ready = order.blockers.length === 0 && !checkingArtwork(order);
  const failure = confirmation.error;
  const failureErrors =
    failure && statusOf(failure) === 422
      ? Object.values((failure as { response?: { data?: { errors?: Record<string, string> } } }).response?.data?.errors ?? {})
      : [];

  const [paying, setPaying] = useState(false);
  // The customer's terms first: a card customer pays by card; an account customer may also pay this one order by card.
  const [terms, other] = order.payment_options;
  const confirm = (payment?: PaymentTerms) => {
    if (confirmation.isPending || paying) return;
    confirmation
      .confirm({ deliveryTypeId: order.delivery_type_id ?? undefined, payment })
      .then((answer) => {
        // Paying by card: on to the payment page; the order is confirmed when the payment lands.
        if ('checkout_url' in answer && 'order' in answer) {
          setPaying(true);
          window.location.assign(answer.checkout_url);
        } else navigate(route('orders.view', { id: answer.id }));
      })
      .catch(() => undefined); // shown below
  };
  const total = order.total !== null ? ` — ${formatPence(order.total)}` : '';
  const busy = confirmation.isPending || paying;
  // Above a buyer's limit, confirming only sends the basket to the company's owners: the buyer is told before, not after.
  const limit = useOwnApprovalLimit();
  const waits = order.total_net !== null && limit !== null && needsApproval(order.total_net, limit);
  const label = busy
    ? waits
      ? 'Sending for approval…'
      : terms === 'card'
        ? 'Going to the payment page…'
        : 'Confirming…'
    : waits
      ? `Send for approval${total}`
      : terms === 'card'
        ? `Pay by card${total}`
        : `Confirm order${total}`;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="summary-heading">
      <Typography variant="h3" component="h2" id="summary-heading" sx={{ mb: 1 }}>
        Summary
      </Typography>
      <Totals
        rows={[
          { label: 'Items', pence: itemsTotal },
          { label: 'Delivery', pence: order.delivery_cost },
          { label: 'Net', pence: order.total_net },
          { label: 'VAT', pence: order.total_vat },
          { label: 'Total', pence: order.total, strong: true },
        ]}
      />
      {order.dispatch_due && order.items.length > 0 && (
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="basket-dates">
          If you confirm now: {promisedDays(order.delivery_type?.carrier, order.dispatch_due, order.delivery_due)}.
        </Typography>
      )}
      <Typography variant="h4" component="h3" sx={{ mt: 2 }}>
        Before you confirm
      </Typography>
      <List dense aria-label="Before you confirm">
        {ready ? (
          <ListItem disableGutters>
            <ListItemIcon sx={{ minWidth: 32 }}>
              <CheckCircle color="success" aria-hidden />
            </ListItemIcon>
            <ListItemText primary="Everything is ready." />
          </ListItem>
        ) : (
          order.blockers.map((blocker) => (
            <ListItem key={blocker} disableGutters>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <RadioButtonUnchecked color="action" aria-hidden />
              </ListItemIcon>
              <ListItemText primary={blocker} />
            </ListItem>
          ))
        )}
        {checkingArtwork(order) && order.blockers.length === 0 && (
          <ListItem disableGutters>
            <ListItemText primary="Artwork is still being checked." />
          </ListItem>
        )}
      </List>
      {waits && order.total_net !== null && limit !== null && (
        <Alert severity="info" sx={{ my: 1 }} data-testid="approval-notice">
          {formatPence(order.total_net)} before VAT is above your approval limit of {formatPence(limit)}: it goes to an owner of your company to approve, and is
          confirmed once they do.
        </Alert>
      )}
      {failure && (
        <Alert severity="error" sx={{ my: 1 }}>
          {statusOf(failure) === undefined ? 'We could not reach the server. Press Confirm again: you will not be charged twice.' : errorText(failure)}
          {failureErrors.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {failureErrors.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      {terms === undefined && (
        <Alert severity="warning" sx={{ my: 1 }}>
          Your account pays by card, and card payment is not available just now: please contact us to confirm this order.
        </Alert>
      )}
      {/* Not disabled while confirming (a second press is ignored): keyboard focus stays on it. */}
      <Button
        variant="contained"
        size="large"
        fullWidth
        onClick={() => confirm(terms)}
        disabled={!ready || terms === undefined}
        aria-disabled={busy || undefined}
      >
        {label}
      </Button>
      {other === 'card' && (
        <Button variant="outlined" size="large" fullWidth sx={{ mt: 1 }} onClick={() => confirm('card')} disabled={!ready} aria-disabled={busy || undefined}>
          Pay this order by card instead
        </Button>
      )}
      {terms === 'card' && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          You pay on Stripe&apos;s secure page; your order is confirmed as soon as the payment is received.
        </Typography>
      )}
      <SaveAsQuote order={order} />
    </Paper>
  );
}

/** /create/{id}: the items step of a basket. */
export default function CreateItemsPage() {
  const id = Number(useParams().id);
  const order = useOrder(id);
  const products = useOrderableProducts();
  const prices = usePriceList();
  const addItem = useAddItem(id);
  const [formKey, setFormKey] = useState(0);
  // An item chosen on the price list arrives in the address and fills in the new-item form.
  const [search, setSearch] = useSearchParams();
  const prefill = products.data ? prefillFrom(search, products.data) : null;
  /** The item just added: its heading takes focus as the form it came from is reset. */
  const [arrived, setArrived] = useState<number | null>(null);
  const onArrived = useCallback(() => setArrived(null), []);
  const itemsSection = useRef<HTMLElement>(null);
  const itemsHeading = useRef<HTMLHeadingElement>(null);
  // An item removed: its card (and the button that removed it) go; the Items heading takes focus.
  useFocusFallback(itemsSection, () => itemsHeading.current);

  if (!Number.isInteger(id) || id <= 0 || statusOf(order.error) === 404) {
    return (
      <PageFrame title="Basket not found">
        <Alert severity="warning">
          This basket does not exist, or it was discarded. <RouterLink to={route('create.index')}>See your baskets</RouterLink>
        </Alert>
      </PageFrame>
    );
  }
  if (order.isPending)
    return (
      <PageFrame>
        <Loading label="Loading your basket…" />
      </PageFrame>
    );
  if (order.isError)
    return (
      <PageFrame>
        <LoadFailed what="Your basket" error={order.error} onRetry={() => void order.refetch()} />
      </PageFrame>
    );
  // A confirmed basket is an order now: its page is /orders/{id}.
  // So is one awaiting its card payment: its page says so, and offers the payment page.
  if (order.data.status !== 'basket' || order.data.payment_status === 'pending') return <Navigate to={route('orders.view', { id })} replace />;
  const basket = order.data;

  return (
    <PageFrame
      title={basket.ref ? `Order ${basket.ref}` : `Basket ${basket.id}`}
      actions={
        <Button component={RouterLink} to={route('create.index')}>
          All baskets
        </Button>
      }
    >
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <FromTradeApi order={basket} />
          <Declined order={basket} />
          <OrderDetails order={basket} />
          <section aria-labelledby="items-heading" ref={itemsSection}>
            <Typography variant="h3" component="h2" id="items-heading" ref={itemsHeading} tabIndex={-1} sx={{ mb: 1 }}>
              Items
            </Typography>
            {basket.items.length === 0 && (
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                No items yet: add the first below.
              </Typography>
            )}
            {basket.items.map((item, index) => (
              <ItemCard
                key={item.id}
                orderId={id}
                item={item}
                index={index}
                products={products.data ?? []}
                prices={prices.data}
                focusOnArrival={item.id === arrived}
                onArrived={onArrived}
              />
            ))}
          </section>
          <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }} aria-labelledby="add-heading">
            <Typography variant="h3" component="h2" id="add-heading">
              Add an item
            </Typography>
            {products.isPending ? (
              <Loading label="Loading products…" />
            ) : products.isError ? (
              <LoadFailed what="The products" error={products.error} onRetry={() => void products.refetch()} />
            ) : products.data.length === 0 ? (
              <Alert severity="info">No products can be ordered on your account yet. Please contact us.</Alert>
            ) : (
              <>
                <ItemForm
                  key={`${formKey}-${prefill ? search.toString() : ''}`}
                  products={products.data}
                  prices={prices.data}
                  initial={prefill?.choice}
                  submitLabel="Add to basket"
                  onSubmit={async (input) => {
                    const added = await addItem.mutateAsync(input);
                    setArrived(added.id);
                    if (prefill) setSearch(withoutPrefill(search), { replace: true });
                    setFormKey((k) => k + 1);
                  }}
                />
              </>
            )}
          </Paper>
          <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }} aria-labelledby="delivery-heading">
            <Typography variant="h3" component="h2" id="delivery-heading" sx={{ mb: 1 }}>
              Delivery
            </Typography>
            <DeliveryChoice order={basket} />
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Box sx={{ position: { md: 'sticky' }, top: { md: 16 } }}>
            <Summary order={basket} />
          </Box>
        </Grid>
      </Grid>
    </PageFrame>
  );
}
