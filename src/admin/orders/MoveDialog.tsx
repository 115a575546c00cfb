import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { MOVE_NOTE_MAX, PROBLEM_TEXT_MAX, PROBLEM_TEXT_NEEDED } from '../../shared/api/staff-orders';
import { ORDER_STATUS_NAMES, type ConfirmedOrderStatus } from '../../shared/domain/orders/statuses';
import { trackingRuleOf, type TrackedService } from '../../shared/domain/orders/tracking';
import { moveNeeds } from '../../shared/domain/orders/transitions';
import { ActionDialogButtons } from '../common/ActionDialogButtons';
import { fieldErrorsOf, messageOf } from '../dataProvider/errors';
import { FailureAlert } from '../../shared/ui/FailureAlert';

export interface MoveValues {
  status: ConfirmedOrderStatus;
  note: string;
  problem_text: string;
  tracking_number: string;
}

interface MoveDialogProps {
  open: boolean;
  title: string;
  /** The statuses offered: one for a single order's action, several for a bulk move. */
  targets: readonly ConfirmedOrderStatus[];
  /** The delivery service, when one order is dispatched: whether it takes a tracking number, and what one looks like. */
  service?: TrackedService | null;
  /** What the dialog says above the fields. */
  intro?: ReactNode;
  /** Makes the move; a rejection keeps the dialog open with the server's messages beside the fields. */
  onSubmit(values: MoveValues): Promise<void>;
  onClose(): void;
  /** Shown instead of the form once the move was made (a bulk move's per-order results). */
  done?: ReactNode;
}

/**
 * A status move as staff make it: the status (chosen when there are several), the problem text for
 * Issues (e-mailed to the customer), the tracking number for Dispatched, and a note for the history.
 * What the server refuses shows beside its field, or above them for a conflict; nothing typed is lost.
 */
export function MoveDialog({ open, title, targets, service, intro, onSubmit, onClose, done }: MoveDialogProps) {
  const titleId = useId();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [values, setValues] = useState<MoveValues>({ status: targets[0], note: '', problem_text: '', tracking_number: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const status = targets.includes(values.status) ? values.status : targets[0];
  const need = status ? moveNeeds(status) : { problemText: false, tracking: false };
  const tracking = trackingRuleOf(service);
  const set = (field: keyof MoveValues) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (need.problemText && !values.problem_text.trim()) local.problem_text = PROBLEM_TEXT_NEEDED;
    setErrors(local);
    setFailure(null);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      await onSubmit({ ...values, status });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      const shown = ['status', 'note', 'problem_text', 'tracking_number'];
      if (!Object.keys(fields).some((f) => shown.includes(f))) setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {done ?? (
            <Stack spacing={2} sx={{ pt: 1 }}>
              {intro ? <DialogContentText component="div">{intro}</DialogContentText> : null}
              <FailureAlert failure={failure} />
              {targets.length > 1 ? (
                <TextField
                  select
                  label="Move to"
                  value={status}
                  onChange={set('status')}
                  required
                  error={!!errors.status}
                  helperText={errors.status ?? 'Only the moves every selected order allows are offered.'}
                >
                  {targets.map((to) => (
                    <MenuItem key={to} value={to}>
                      {ORDER_STATUS_NAMES[to]}
                    </MenuItem>
                  ))}
                </TextField>
              ) : null}
              {need.problemText ? (
                <TextField
                  label="What the customer must do"
                  value={values.problem_text}
                  onChange={set('problem_text')}
                  required
                  multiline
                  minRows={3}
                  autoFocus
                  error={!!errors.problem_text}
                  helperText={
                    errors.problem_text ??
                    'E-mailed to the customer and shown on their order, e.g. "The PDF has no bleed: add 3 mm on each edge and upload it again."'
                  }
                  slotProps={{ htmlInput: { maxLength: PROBLEM_TEXT_MAX } }}
                />
              ) : null}
              {need.tracking && targets.length === 1 && tracking.takes !== 'none' ? (
                <TextField
                  label="Tracking number"
                  value={values.tracking_number}
                  onChange={set('tracking_number')}
                  required={tracking.takes === 'required'}
                  autoFocus
                  error={!!errors.tracking_number}
                  helperText={errors.tracking_number ?? `${tracking.hint}${tracking.takes === 'required' ? '' : ' (optional)'}.`}
                  slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
                />
              ) : null}
              <TextField
                label="Note for the history (optional)"
                value={values.note}
                onChange={set('note')}
                multiline
                minRows={2}
                error={!!errors.note}
                helperText={errors.note ?? 'Staff see it in the order’s history; the customer does not.'}
                slotProps={{ htmlInput: { maxLength: MOVE_NOTE_MAX } }}
              />
            </Stack>
          )}
        </DialogContent>
        <ActionDialogButtons
          done={!!done}
          busy={busy}
          onClose={onClose}
          confirm={busy ? 'Moving…' : status ? `Move to ${ORDER_STATUS_NAMES[status]}` : 'Move'}
          confirmDisabled={!status}
        />
      </form>
    </Dialog>
  );
}
