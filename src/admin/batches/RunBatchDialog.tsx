import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useDataProvider, useRedirect } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { BatchWaiting } from '../../shared/api/staff-production';
import { staffUrl } from '../staffAreas';
import type { StaffDataProvider } from '../dataProvider';
import { fieldErrorsOf, messageOf } from '../dataProvider/errors';
import { itemsOfOrders, useBatchesWaiting } from './useBatchesWaiting';
import { ActionDialogButtons } from '../common/ActionDialogButtons';
import { FailureAlert } from '../../shared/ui/FailureAlert';

const EVERY_STOCK = 'every';

/** Why Run cannot be pressed now, if it cannot: nothing waits, or a run is being made. */
function Blocked({ waiting }: { waiting: BatchWaiting }) {
  if (waiting.running !== null) {
    return (
      <Alert severity="info">
        <Link component={RouterLink} to={staffUrl(`batches/${waiting.running}/show`)}>
          Batch {waiting.running}
        </Link>{' '}
        is being made. Only one batch is made at a time: run the next when it is ready.
      </Alert>
    );
  }
  if (!waiting.items) {
    return <Alert severity="info">Nothing is waiting for the press: every item of every Pending order is in a batch already.</Alert>;
  }
  return null;
}

/**
 * "Run a batch": every stock, or one stock, with what each would take. Run starts the run and
 * opens the new batch's page, where its ZIP is made; what the server refuses (nothing to batch,
 * another run under way) shows in the dialog, beside the stocks when it is about the stock.
 */
export function RunBatchDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const titleId = useId();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const redirect = useRedirect();
  const { data: waiting, error: loadError, refetch, isPending: loading } = useBatchesWaiting();
  const [choice, setChoice] = useState(EVERY_STOCK);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The counts as they are now, each time the dialog opens; the last choice and messages go.
  useEffect(() => {
    if (!open) return;
    setChoice(EVERY_STOCK);
    setFieldError(null);
    setFailure(null);
    void refetch();
  }, [open, refetch]);

  // A stock whose items went meanwhile is no longer offered: back to every stock.
  const stocks = waiting?.stocks ?? [];
  const chosen = choice === EVERY_STOCK || stocks.some((s) => String(s.stock_id) === choice) ? choice : EVERY_STOCK;
  const blocked = !waiting || waiting.running !== null || !waiting.items;

  async function run(event: FormEvent) {
    event.preventDefault();
    if (blocked) return;
    setBusy(true);
    setFieldError(null);
    setFailure(null);
    try {
      const batch = await dataProvider.runBatch({ stock_id: chosen === EVERY_STOCK ? null : Number(chosen) });
      void queryClient.invalidateQueries({ queryKey: ['batches'] });
      onClose();
      redirect('show', 'batches', batch.id);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields.stock_id) setFieldError(fields.stock_id);
      else setFailure(messageOf(error, 'The batch could not be started. Please try again.'));
      void refetch();
    } finally {
      setBusy(false);
    }
  }

  const helpId = `${titleId}-help`;
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby={titleId}>
      <form onSubmit={run} noValidate>
        <DialogTitle id={titleId}>Run a batch</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              A batch takes every item waiting for the press (or only those on one stock) into one ZIP of artwork with a job sheet and jobs.csv, and moves their
              orders to Processing. It is made in the background: you can leave the page.
            </DialogContentText>
            <FailureAlert failure={failure} />
            {loadError ? <Alert severity="error">What is waiting could not be loaded. {messageOf(loadError)}</Alert> : null}
            {loading ? <CircularProgress size={24} aria-label="Loading what is waiting" /> : null}
            {waiting ? <Blocked waiting={waiting} /> : null}
            {waiting && waiting.items ? (
              <FormControl error={!!fieldError} disabled={busy}>
                <FormLabel id={`${titleId}-stock`}>What to batch</FormLabel>
                <RadioGroup
                  aria-labelledby={`${titleId}-stock`}
                  aria-describedby={fieldError ? helpId : undefined}
                  name="stock_id"
                  value={chosen}
                  onChange={(e) => setChoice(e.target.value)}
                >
                  <FormControlLabel value={EVERY_STOCK} control={<Radio />} label={`Every stock — ${itemsOfOrders(waiting)}`} />
                  {stocks.map((stock) => (
                    <FormControlLabel
                      key={stock.stock_id}
                      value={String(stock.stock_id)}
                      control={<Radio />}
                      label={`${stock.name} — ${itemsOfOrders(stock)}`}
                    />
                  ))}
                </RadioGroup>
                {fieldError ? <FormHelperText id={helpId}>{fieldError}</FormHelperText> : null}
              </FormControl>
            ) : null}
          </Stack>
        </DialogContent>
        <ActionDialogButtons done={false} busy={busy} onClose={onClose} confirm={busy ? 'Starting…' : 'Run'} confirmDisabled={blocked} />
      </form>
    </Dialog>
  );
}
