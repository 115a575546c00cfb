import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import type { WebhookEndpoint } from '../../../../shared/api/webhooks';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType, type WebhookMode } from '../../../../shared/domain/webhooks/events';
import { apiErrors } from '../../../../shared/http';
import { FormAlerts } from '../../../components/FormAlerts';

export interface EndpointValues {
  url: string;
  events: WebhookEventType[];
  mode: WebhookMode;
}

/** Adding an endpoint (URL, events, live or test), or changing one's URL and events: the server's refusals beside their fields. */
export function EndpointDialog({
  endpoint,
  onClose,
  onSave,
}: {
  /** The endpoint changed; undefined adds one. */
  endpoint?: WebhookEndpoint;
  onClose(): void;
  onSave(values: EndpointValues): Promise<void>;
}) {
  const [values, setValues] = useState<EndpointValues>({
    url: endpoint?.url ?? 'https://',
    events: endpoint?.events ?? [...WEBHOOK_EVENT_TYPES],
    mode: endpoint?.mode ?? 'live',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const eventsError = Object.entries(errors).find(([k]) => k.startsWith('events'))?.[1];

  const toggle = (type: WebhookEventType) =>
    setValues((v) => ({ ...v, events: v.events.includes(type) ? v.events.filter((e) => e !== type) : [...v.events, type] }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    setFormError(null);
    try {
      await onSave(values);
    } catch (error) {
      const api = apiErrors(error);
      setErrors(api?.errors ?? {});
      setFormError(api && Object.keys(api.errors).length ? null : (api?.message ?? 'The endpoint could not be saved. Try again.'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="endpoint-dialog-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="endpoint-dialog-title">{endpoint ? 'Change webhook endpoint' : 'Add a webhook endpoint'}</DialogTitle>
        <DialogContent>
          <FormAlerts error={formError} />
          <TextField
            label="URL"
            value={values.url}
            onChange={(e) => setValues((v) => ({ ...v, url: e.target.value }))}
            error={Boolean(errors.url)}
            helperText={errors.url ?? 'https:// and reachable from the internet; we POST signed JSON to it'}
            fullWidth
            required
            autoFocus
            margin="normal"
            slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false } }}
          />
          <FormControl component="fieldset" error={Boolean(eventsError)} margin="normal" fullWidth>
            <FormLabel component="legend">Events</FormLabel>
            <FormGroup>
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <FormControlLabel
                  key={type}
                  control={<Checkbox checked={values.events.includes(type)} onChange={() => toggle(type)} />}
                  label={`${WEBHOOK_EVENT_LABELS[type]} (${type})`}
                  sx={{ wordBreak: 'break-word' }}
                />
              ))}
            </FormGroup>
            {eventsError && <FormHelperText>{eventsError}</FormHelperText>}
          </FormControl>
          {!endpoint && (
            <FormControl component="fieldset" error={Boolean(errors.mode)} margin="normal">
              <FormLabel component="legend">Orders</FormLabel>
              <RadioGroup value={values.mode} onChange={(e) => setValues((v) => ({ ...v, mode: e.target.value as WebhookMode }))}>
                <FormControlLabel value="live" control={<Radio />} label="Live orders only" />
                <FormControlLabel value="test" control={<Radio />} label="Sandbox (test) orders only" />
              </RadioGroup>
              {errors.mode && <FormHelperText>{errors.mode}</FormHelperText>}
            </FormControl>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {endpoint ? 'Save' : 'Add endpoint'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** A secret, shown once (after adding or rotating), with a copy button. */
export function SecretDialog({ secret, rotated, onClose }: { secret: string; rotated: boolean; onClose(): void }) {
  const [copied, setCopied] = useState(false);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="secret-dialog-title">
      <DialogTitle id="secret-dialog-title">{rotated ? 'The new signing secret' : 'The endpoint’s signing secret'}</DialogTitle>
      <DialogContent>
        <FormHelperText sx={{ mb: 1 }}>
          Copy it now: it is not shown again. Verify each delivery’s webhook-signature with it (Standard Webhooks).
          {rotated && ' The previous secret keeps signing beside it for 24 hours.'}
        </FormHelperText>
        <TextField
          value={secret}
          fullWidth
          label="Secret"
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => {
            void navigator.clipboard?.writeText(secret).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
