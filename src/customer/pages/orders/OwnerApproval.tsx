import { useId, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Order } from '../../../shared/api/orders';
import { useAuth } from '../../../shared/auth';
import { AWAITING_OWNER_APPROVAL, DECLINE_REASON_MAX } from '../../../shared/domain/companies/approval';
import { companyMay, COMPANY_REFUSALS } from '../../../shared/domain/companies/roles';
import { promisedDays } from '../../../shared/domain/orders/dates';
import { formatPence } from '../../../shared/domain/pricing/format';
import { apiErrors } from '../../../shared/http';
import { useApprovalDecision } from '../../api/orders';
import { PageFrame } from '../../components/PageFrame';
import { errorText } from '../../components/QueryStates';
import { route } from '../../paths';
import { ItemArtwork, ItemSummary, OrderDelivery, orderTotalsRows, Totals } from './orderItemViews';

/*
 * A buyer's order waiting for an owner's approval (DESIGN §2 "Companies"): the basket frozen as it
 * was sent — its items with their artwork and checks, where it goes, what it costs — and, for an
 * owner, Approve (it confirms by the company's terms) or Decline with a reason (the basket goes back
 * to the buyer, who is e-mailed why).
 */

export function AwaitingOwnerApproval({ order }: { order: Order }) {
  const { user } = useAuth();
  const decision = useApprovalDecision(order.id);
  const [declining, setDeclining] = useState(false);
  const mayApprove = user ? companyMay(user.company_role, 'approve') : false;
  const mine = user?.id === order.approval?.requested_by;
  const sentBy = [...order.events].reverse().find((e) => e.note.startsWith('Sent for approval'))?.note;
  const busy = decision.isPending;

  return (
    <PageFrame
      title={`Order #${order.id}`}
      intro={[order.ref ? `Reference: ${order.ref}` : '', `Placed by ${order.placed_by.name || 'a former member'}`].filter(Boolean).join(' · ')}
    >
      <Alert severity="info" role="status" sx={{ mb: 3 }}>
        <AlertTitle>{AWAITING_OWNER_APPROVAL}</AlertTitle>
        {sentBy ? `${sentBy}.` : 'This order is above the buyer’s approval limit.'}{' '}
        {mine
          ? 'It is not confirmed until an owner of your company approves it; you are e-mailed their answer. Meanwhile it cannot be changed.'
          : mayApprove
            ? 'Approve it to confirm it (by your company’s payment terms), or decline it with a reason: the buyer is e-mailed either way.'
            : COMPANY_REFUSALS.approve}
      </Alert>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          {/* What is to be printed, as the owner approves it: each item with its artwork, its preview and its check. */}
          <section aria-labelledby="approval-items-heading">
            <Typography variant="h3" component="h2" id="approval-items-heading" sx={{ mb: 1 }}>
              Items
            </Typography>
            {order.items.map((item, index) => (
              <Paper key={item.id} component="article" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
                <ItemSummary item={item} index={index} />
                {item.artwork ? (
                  <ItemArtwork orderId={order.id} item={item} />
                ) : (
                  <Typography variant="body2" sx={{ mt: 1 }}>
                    No artwork.
                  </Typography>
                )}
              </Paper>
            ))}
          </section>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }} component="section" aria-labelledby="approval-decision-heading">
            <Typography variant="h3" component="h2" id="approval-decision-heading" sx={{ mb: 1 }}>
              {mayApprove && !mine ? 'Your decision' : 'Approval'}
            </Typography>
            <Typography variant="body1">
              Total: <strong>{order.total !== null ? formatPence(order.total) : '—'}</strong> including VAT
              {order.total_net !== null ? ` (${formatPence(order.total_net)} before VAT)` : ''}.
            </Typography>
            {order.dispatch_due && (
              <Typography variant="body2" color="text.secondary">
                If approved today: {promisedDays(order.delivery_type?.carrier, order.dispatch_due, order.delivery_due)}.
              </Typography>
            )}
            {decision.error && !declining && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {errorText(decision.error)}
                {Object.values(apiErrors(decision.error)?.errors ?? {}).map((text) => (
                  <div key={text}>{text}</div>
                ))}
              </Alert>
            )}
            {mayApprove && (
              <Stack direction={{ xs: 'column', sm: 'row', md: 'column', lg: 'row' }} spacing={1} sx={{ mt: 2 }}>
                <Button variant="contained" onClick={() => !busy && decision.mutate({ approve: true })} aria-disabled={busy || undefined}>
                  {busy && !declining ? 'Approving…' : 'Approve'}
                </Button>
                <Button variant="outlined" color="error" onClick={() => (decision.reset(), setDeclining(true))}>
                  Decline
                </Button>
              </Stack>
            )}
          </Paper>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }} component="section" aria-labelledby="approval-delivery-heading">
            <Typography variant="h3" component="h2" id="approval-delivery-heading">
              Delivery
            </Typography>
            <OrderDelivery order={order} />
          </Paper>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="approval-totals-heading">
            <Typography variant="h3" component="h2" id="approval-totals-heading" sx={{ mb: 1 }}>
              Totals
            </Typography>
            <Totals rows={orderTotalsRows(order)} />
          </Paper>
          <Button component={RouterLink} to={route('orders.index', {}, { status: 'approval' })} sx={{ mt: 2 }}>
            All orders awaiting approval
          </Button>
        </Grid>
      </Grid>
      {declining && <DeclineDialog order={order} decision={decision} onClose={() => setDeclining(false)} />}
    </PageFrame>
  );
}

function DeclineDialog({ order, decision, onClose }: { order: Order; decision: ReturnType<typeof useApprovalDecision>; onClose: () => void }) {
  const navigate = useNavigate();
  const [reason, setReason] = useState('');
  const titleId = useId();
  const fieldError = apiErrors(decision.error)?.errors.reason;
  const submit = () => {
    if (decision.isPending) return;
    // Declined, the basket is the buyer's alone again: back to what else waits.
    decision.mutate({ reason }, { onSuccess: () => void navigate(route('orders.index', {}, { status: 'approval' })) });
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Decline order #{order.id}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          The buyer is e-mailed your reason, and the order becomes their basket again to change or discard.
        </Typography>
        <TextField
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          multiline
          minRows={3}
          fullWidth
          required
          autoFocus
          slotProps={{ htmlInput: { maxLength: DECLINE_REASON_MAX } }}
          error={Boolean(fieldError)}
          helperText={fieldError ?? 'Say what should change, e.g. a cheaper stock or a smaller quantity.'}
        />
        {decision.error && !fieldError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorText(decision.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Keep it waiting</Button>
        <Button variant="contained" color="error" onClick={submit} aria-disabled={decision.isPending || undefined}>
          {decision.isPending ? 'Declining…' : 'Decline the order'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
