import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { STAFF_NOTES_MAX, type StaffOrder } from '../../shared/api/staff-orders';
import { trackingRuleOf } from '../../shared/domain/orders/tracking';
import type { StaffDataProvider } from '../dataProvider';
import { fieldErrorsOf, messageOf } from '../dataProvider/errors';
import { useLeaveGuard } from '../common/useLeaveGuard';

/**
 * Printed and dispatched orders take a tracking number, unless their service gives none (an
 * untracked Royal Mail service); a number stored there anyway stays editable, so staff can clear it.
 */
const hasTracking = (order: StaffOrder) =>
  (order.status === 'printing' || order.status === 'dispatched') && (trackingRuleOf(order.delivery_type).takes !== 'none' || !!order.tracking_number);

/**
 * Staff's own notes on the order (never shown to the customer) and, once it is printing or
 * dispatched, its tracking number. Saved at the version the order was read at: when a colleague
 * changed the order meanwhile, the server answers 409, the page shows the order as it now is, and
 * what was typed stays in the boxes to be saved again.
 */
export function StaffDetails({ order, onSaved, onConflict }: { order: StaffOrder; onSaved(order: StaffOrder): void; onConflict(): Promise<unknown> }) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const notify = useNotify();
  const [notes, setNotes] = useState(order.notes);
  const [tracking, setTracking] = useState(order.tracking_number ?? '');
  // What the typed text was based on: the notes as they were when this form last matched the server.
  const [base, setBase] = useState({ notes: order.notes, tracking: order.tracking_number ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dirty = notes !== base.notes || (hasTracking(order) && tracking !== base.tracking);
  useLeaveGuard(dirty);
  // The order as read again (after a move, or a colleague's save): untouched boxes follow it.
  useEffect(() => {
    if (dirty) return;
    setNotes(order.notes);
    setTracking(order.tracking_number ?? '');
    setBase({ notes: order.notes, tracking: order.tracking_number ?? '' });
    // Only when the order itself changes; `dirty` is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [order.notes, order.tracking_number]);

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      const data = { notes, version: order.version, ...(hasTracking(order) ? { tracking_number: tracking } : {}) };
      const { data: saved } = await dataProvider.update<StaffOrder>('orders', { id: order.id, data, previousData: order });
      setConflict(null);
      setBase({ notes: saved.notes, tracking: saved.tracking_number ?? '' });
      setNotes(saved.notes);
      setTracking(saved.tracking_number ?? '');
      onSaved(saved);
      notify('The staff notes have been saved.', { type: 'info' });
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 409) {
        setConflict(messageOf(error));
        await onConflict();
      } else {
        const fields = fieldErrorsOf(error);
        setErrors(fields);
        if (!fields.notes && !fields.tracking_number) setFailure(messageOf(error));
      }
    } finally {
      setBusy(false);
    }
  }

  const theirs = conflict && order.notes !== notes ? order.notes : null;
  const rule = trackingRuleOf(order.delivery_type);
  return (
    <Stack component="form" onSubmit={save} noValidate spacing={2} aria-labelledby="staff-notes-heading">
      <Typography variant="h3" component="h3" id="staff-notes-heading">
        Staff notes
      </Typography>
      {conflict ? (
        <Alert severity="warning" role="alert">
          {conflict}
          {theirs !== null ? (
            <Typography variant="body2" component="span" sx={{ display: 'block', mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              The notes as saved now: {theirs || '(none)'}
            </Typography>
          ) : null}
        </Alert>
      ) : null}
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      <TextField
        label="Notes (staff only)"
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        multiline
        minRows={3}
        error={!!errors.notes}
        helperText={errors.notes ?? 'Never shown to the customer.'}
        slotProps={{ htmlInput: { maxLength: STAFF_NOTES_MAX } }}
      />
      {hasTracking(order) ? (
        <TextField
          label="Tracking number"
          value={tracking}
          onChange={(event) => setTracking(event.target.value)}
          error={!!errors.tracking_number}
          helperText={errors.tracking_number ?? rule.hint}
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
        />
      ) : null}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={busy || (!dirty && !conflict)}>
          {busy ? 'Saving…' : 'Save'}
        </Button>
        {dirty ? (
          <Button
            onClick={() => {
              setNotes(order.notes);
              setTracking(order.tracking_number ?? '');
              setBase({ notes: order.notes, tracking: order.tracking_number ?? '' });
              setConflict(null);
            }}
            disabled={busy}
          >
            Undo changes
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
