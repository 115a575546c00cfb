import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ActionDialogButtons } from '../../common/ActionDialogButtons';
import { fieldErrorsOf, messageOf } from '../../dataProvider/errors';

/** One input of a record's dialog: text typed (with the keyboard it needs), or a yes/no switch. */
export interface DialogField {
  name: string;
  label: string;
  kind: 'text' | 'numeric' | 'decimal' | 'switch';
  helper?: string;
  required?: boolean;
}

export type DialogValues = Record<string, string | boolean>;

/** A form's values turned into the API's body, or the fields that cannot be yet (what to type instead). */
export type ReadValues = { body: Record<string, unknown> } | { errors: Record<string, string> };

interface RecordDialogProps {
  open: boolean;
  title: string;
  fields: readonly DialogField[];
  initial: DialogValues;
  confirm: string;
  read(values: DialogValues): ReadValues;
  /** Sends the body; rejects with react-admin's HttpError (422 messages go beside their fields). */
  send(body: Record<string, unknown>): Promise<void>;
  onClose(): void;
  /** Shown under the inputs, from the values as typed: the live price preview. */
  preview?: (values: DialogValues) => ReactNode;
}

/**
 * Adds or edits one record of a product part in a dialog (full screen on a phone): its inputs, the
 * server's 422 message beside the field it names, any other refusal (a stale version, a rule of the
 * product) above them, and a live preview of what the values typed would do.
 */
export function RecordDialog({ open, title, fields, initial, confirm, read, send, onClose, preview }: RecordDialogProps) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [values, setValues] = useState<DialogValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = read(values);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setBusy(true);
    setFormError(null);
    try {
      await send(result.body);
      onClose();
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      const known = Object.fromEntries(Object.entries(fieldErrors).filter(([name]) => fields.some((f) => f.name === name)));
      setErrors(known);
      if (Object.keys(known).length === 0) setFormError(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const set = (name: string, value: string | boolean) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _gone, ...rest }) => rest);
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="record-dialog-title">
      <Box component="form" noValidate onSubmit={(e: FormEvent) => void submit(e)}>
        <DialogTitle id="record-dialog-title">{title}</DialogTitle>
        <DialogContent>
          {formError && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {fields.map((field) =>
              field.kind === 'switch' ? (
                <Box key={field.name} sx={{ gridColumn: '1 / -1' }}>
                  <FormControlLabel
                    control={<Switch checked={Boolean(values[field.name])} onChange={(e) => set(field.name, e.target.checked)} />}
                    label={field.label}
                  />
                  {(errors[field.name] || field.helper) && (
                    <FormHelperText error={Boolean(errors[field.name])} sx={{ mt: -0.5, ml: 0 }}>
                      {errors[field.name] ?? field.helper}
                    </FormHelperText>
                  )}
                </Box>
              ) : (
                <TextField
                  key={field.name}
                  label={field.label}
                  required={field.required}
                  size="small"
                  value={String(values[field.name] ?? '')}
                  onChange={(e) => set(field.name, e.target.value)}
                  error={Boolean(errors[field.name])}
                  helperText={errors[field.name] ?? field.helper}
                  autoFocus={field === fields[0]}
                  sx={field.kind === 'text' ? { gridColumn: '1 / -1' } : undefined}
                  slotProps={{ htmlInput: field.kind === 'text' ? {} : { inputMode: field.kind } }}
                />
              ),
            )}
          </Box>
          {preview && <Box sx={{ mt: 2 }}>{preview(values)}</Box>}
        </DialogContent>
        <ActionDialogButtons done={false} busy={busy} onClose={onClose} confirm={confirm} />
      </Box>
    </Dialog>
  );
}
