import { useId, useState } from 'react';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ApiKeyCreated } from '../../../../shared/api/trade-api';
import { apiErrors } from '../../../../shared/http';
import { useCreateApiKey } from '../../../api/apiKeys';
import { errorText } from '../../../components/QueryStates';

type Mode = 'live' | 'test';

/** The new key, shown once: its text to select or copy, and the warning that it will not be shown again. */
function NewKey({ made }: { made: ApiKeyCreated }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () => {
    navigator.clipboard.writeText(made.key).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <>
      <Alert severity="warning" sx={{ mb: 2 }}>
        Copy this key now and keep it somewhere safe: it will not be shown again. Anyone with it can{' '}
        {made.mode === 'live' ? 'place real orders' : 'use the sandbox'} on your account.
      </Alert>
      <Typography component="label" htmlFor="new-api-key" variant="body2" sx={{ fontWeight: 600, display: 'block', mb: 0.5 }}>
        Your new {made.mode} key “{made.name}”
      </Typography>
      <Box
        component="input"
        id="new-api-key"
        readOnly
        value={made.key}
        onFocus={(e: React.FocusEvent<HTMLInputElement>) => e.currentTarget.select()}
        sx={{ width: '100%', fontFamily: 'monospace', fontSize: 14, p: 1, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'grey.50' }}
      />
      <Button onClick={copy} startIcon={<ContentCopy aria-hidden />} variant="outlined" sx={{ mt: 1 }}>
        Copy key
      </Button>
      <Typography role="status" variant="body2" sx={{ mt: 1, minHeight: '1.5em' }}>
        {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'failed' ? 'Could not copy: select the key and copy it yourself.' : ''}
      </Typography>
    </>
  );
}

/**
 * "Create key": a name and live or test; then the key itself, once, with a copy button. A refusal
 * (a card account: the API needs a credit account) is said in the dialog; a bad field beside it.
 */
export function CreateKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [mode, setMode] = useState<Mode>('test');
  const titleId = useId();
  const modeId = useId();
  const failure = create.error ? apiErrors(create.error) : null;
  const fieldErrors = failure?.errors ?? {};
  const made = create.data;

  const close = () => {
    if (create.isPending) return;
    onClose();
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    create.mutate({ name, mode });
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{
        transition: {
          onExited: () => {
            create.reset();
            setName('');
            setMode('test');
          },
        },
      }}
    >
      <DialogTitle id={titleId}>{made ? 'Your new API key' : 'Create an API key'}</DialogTitle>
      {made ? (
        <>
          <DialogContent>
            <NewKey made={made} />
          </DialogContent>
          <DialogActions>
            <Button onClick={close} variant="contained">
              Done
            </Button>
          </DialogActions>
        </>
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          <DialogContent>
            <TextField
              label="Name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={Boolean(fieldErrors.name)}
              helperText={fieldErrors.name ?? 'What uses it, e.g. “Shop integration”'}
              required
              fullWidth
              autoFocus
              slotProps={{ htmlInput: { maxLength: 60 } }}
              sx={{ mt: 1 }}
            />
            <FormControl error={Boolean(fieldErrors.mode)} sx={{ mt: 2 }}>
              <FormLabel id={modeId}>Mode</FormLabel>
              <RadioGroup aria-labelledby={modeId} value={mode} onChange={(e) => setMode(e.target.value as Mode)}>
                <FormControlLabel value="test" control={<Radio />} label="Test — the sandbox: orders are never printed, invoiced or charged" />
                <FormControlLabel value="live" control={<Radio />} label="Live — real orders, printed and invoiced to your account" />
              </RadioGroup>
              {fieldErrors.mode && <FormHelperText>{fieldErrors.mode}</FormHelperText>}
            </FormControl>
            {create.isError && !Object.keys(fieldErrors).length && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {errorText(create.error, 'The key could not be made. Please try again.')}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="contained" aria-disabled={create.isPending || undefined}>
              {create.isPending ? 'Creating…' : 'Create key'}
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}
