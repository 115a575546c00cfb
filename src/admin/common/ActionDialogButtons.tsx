import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import type { ReactNode } from 'react';

interface ActionDialogButtonsProps {
  /** The action was made: only Close is left, to read its results. */
  done: boolean;
  busy: boolean;
  onClose(): void;
  /** What the action's button says. */
  confirm: ReactNode;
  /** Without it, the action's button submits the dialog's form. */
  onConfirm?: () => void;
  confirmDisabled?: boolean;
}

/**
 * The buttons of a staff dialog that makes one action: Cancel and the action (busy while it runs),
 * then Close once it is made and its results are shown (moves, bulk actions, imports).
 */
export function ActionDialogButtons({ done, busy, onClose, confirm, onConfirm, confirmDisabled = false }: ActionDialogButtonsProps) {
  return (
    <DialogActions>
      {done ? (
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      ) : (
        <>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type={onConfirm ? 'button' : 'submit'}
            onClick={onConfirm}
            variant="contained"
            disabled={busy || confirmDisabled}
            startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {confirm}
          </Button>
        </>
      )}
    </DialogActions>
  );
}
