import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { createContext, useContext, useEffect, useState } from 'react';
import { EditContext, useNotify } from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';

/**
 * How the staff form resets when its record is read again (react-admin's Form takes it as
 * `resetOptions`). One object per form, changed in place rather than replaced: a new object would
 * make react-admin reset the form at once, to the record as it was, losing what was typed.
 */
export interface KeepTyped {
  keepDirtyValues?: boolean;
}

export const KeepTypedContext = createContext<KeepTyped | null>(null);

/**
 * What a staff form shows when the server refused its save because someone else changed the record
 * since it was opened (409, its message also on `version`). What was typed stays in the inputs;
 * Reload reads the record afresh: the inputs the user changed keep what they typed, the others show
 * the record as it now is, and the next save is at the new version. Place it inside a StaffForm.
 */
export function StaleRecordNotice() {
  const keepTyped = useContext(KeepTypedContext);
  const edit = useContext(EditContext);
  const notify = useNotify();
  const { clearErrors } = useFormContext();
  const { errors, isSubmitting } = useFormState();
  const refused = errors.version?.message;
  const [stale, setStale] = useState<string | null>(null);
  const [reloaded, setReloaded] = useState(false);
  const [reloading, setReloading] = useState(false);

  // The refusal becomes this notice; the form's own error on `version` (no input shows it) would
  // otherwise keep the form from being submitted again.
  useEffect(() => {
    if (typeof refused !== 'string') return;
    setStale(refused);
    setReloaded(false);
    clearErrors('version');
  }, [refused, clearErrors]);

  // A new save starts afresh: a reload after it (its own success) resets the form as usual.
  useEffect(() => {
    if (!isSubmitting) return;
    if (keepTyped) keepTyped.keepDirtyValues = false;
    setReloaded(false);
    setStale(null);
  }, [isSubmitting, keepTyped]);

  async function reload() {
    if (!edit?.refetch) return;
    if (keepTyped) keepTyped.keepDirtyValues = true;
    setReloading(true);
    try {
      const result = await edit.refetch();
      if (result.error) throw result.error;
      setStale(null);
      setReloaded(true);
    } catch {
      notify('The record could not be read again. Please try again.', { type: 'error' });
    } finally {
      setReloading(false);
    }
  }

  if (stale) {
    return (
      <Alert severity="warning" role="alert" sx={{ mb: 2, width: '100%', boxSizing: 'border-box' }}>
        <AlertTitle>Not saved: changed by someone else</AlertTitle>
        {stale}
        {edit?.refetch ? (
          <div>
            <Button variant="outlined" color="inherit" size="small" onClick={reload} disabled={reloading} sx={{ mt: 1 }}>
              {reloading ? 'Reloading…' : 'Reload'}
            </Button>
          </div>
        ) : null}
      </Alert>
    );
  }
  if (reloaded) {
    return (
      <Alert severity="info" role="status" sx={{ mb: 2, width: '100%', boxSizing: 'border-box' }} onClose={() => setReloaded(false)}>
        Reloaded. The fields you changed still hold what you typed; the others show the record as it is now. Save to apply your changes.
      </Alert>
    );
  }
  return null;
}
