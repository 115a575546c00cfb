import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { StaffCredit } from '../../../shared/api/staff-orders';
import { formatDay } from '../../../shared/domain/calendar/workingDays';
import { FailureAlert } from '../../../shared/ui/FailureAlert';
import { ActionDialogButtons } from '../../common/ActionDialogButtons';
import type { StaffDataProvider } from '../../dataProvider';
import { fieldErrorsOf, messageOf } from '../../dataProvider/errors';

type Basket = StaffCredit['baskets'][number];

/** "Allow this order through": one basket of a held customer may be confirmed on account once; the reason goes into its history. */
function ReleaseButton({ basket, onReleased }: { basket: Basket; onReleased(): void }) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const notify = useNotify();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFailure(null);
    try {
      await dataProvider.releaseCredit(basket.id, { reason, version: basket.version });
      notify(`Basket ${basket.id} may now be confirmed on account, once.`, { type: 'success' });
      setOpen(false);
      setReason('');
      onReleased();
    } catch (failed) {
      const fields = fieldErrorsOf(failed);
      if (fields.reason) setError(fields.reason);
      else setFailure(messageOf(failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)} aria-label={`Allow basket ${basket.id} through`}>
        Allow this order through
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogTitle id={titleId}>Allow basket {basket.id} through the credit hold</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              The customer may confirm this basket on account once, although their account is held. Your name and the reason are kept in the order’s history.
            </DialogContentText>
            <FailureAlert failure={failure} sx={{ mb: 2 }} />
            <TextField
              label="Why"
              required
              fullWidth
              multiline
              minRows={2}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              error={error !== null}
              helperText={error ?? 'e.g. Paid by bank transfer this morning; remittance seen.'}
            />
          </DialogContent>
          <ActionDialogButtons done={false} busy={busy} onClose={() => setOpen(false)} confirm="Allow it through" />
        </form>
      </Dialog>
    </>
  );
}

/** A held customer's baskets, each with "Allow this order through", or when it was allowed. */
export function CreditReleases({ baskets, onReleased }: { baskets: StaffCredit['baskets']; onReleased(): void }) {
  if (!baskets.length) return null;
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }} aria-label="Baskets">
      {baskets.map((basket) => (
        <Stack component="li" key={basket.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Typography variant="body2">Basket {basket.id}</Typography>
          {basket.credit_released_at ? (
            <Typography variant="body2" color="text.secondary">
              Allowed through on {formatDay(basket.credit_released_at.slice(0, 10))}: it may be confirmed on account once.
            </Typography>
          ) : (
            <ReleaseButton basket={basket} onReleased={onReleased} />
          )}
        </Stack>
      ))}
    </Stack>
  );
}
