import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WebhookEndpoint } from '../../../../shared/api/webhooks';
import { apiErrors } from '../../../../shared/http';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  rotateWebhookSecret,
  sendWebhookTest,
  updateWebhookEndpoint,
  useWebhookEndpoints,
} from '../../../api/webhooks';
import { DeliveryLog } from './DeliveryLog';
import { EndpointDialog, SecretDialog } from './EndpointDialog';

/**
 * The customer's webhook endpoints: add (the secret shown once), change, rotate, disable and
 * enable, delete, send a test event, and each one's delivery log with "Resend".
 */
export function WebhooksSection() {
  const { data, isPending, isError, refetch } = useWebhookEndpoints();
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [secret, setSecret] = useState<{ value: string; rotated: boolean } | null>(null);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  const act = (done: string, work: () => Promise<unknown>) => async () => {
    try {
      await work();
      setNotice({ severity: 'success', text: done });
    } catch (error) {
      setNotice({ severity: 'error', text: apiErrors(error)?.message ?? 'That did not work. Try again.' });
    }
  };

  return (
    <Box component="section" aria-labelledby="webhooks-heading" sx={{ mb: 4 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography variant="h2" id="webhooks-heading" sx={{ fontSize: '1.5rem' }}>
          Webhooks
        </Typography>
        <Button variant="contained" onClick={() => setEditing('new')}>
          Add endpoint
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        We POST your orders’ and invoices’ events to your endpoints, signed per Standard Webhooks, in order, retrying for about three days.
      </Typography>
      {notice && (
        <Alert severity={notice.severity} onClose={() => setNotice(null)} sx={{ mb: 2 }}>
          {notice.text}
        </Alert>
      )}
      {isPending && <Typography color="text.secondary">Loading your endpoints…</Typography>}
      {isError && (
        <Alert severity="error" action={<Button onClick={() => void refetch()}>Retry</Button>}>
          Your webhook endpoints could not be loaded.
        </Alert>
      )}
      {data && !data.length && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography>No endpoints yet. Add one to be told when your orders are confirmed, held, dispatched or cancelled.</Typography>
        </Paper>
      )}
      <Stack spacing={2}>
        {data?.map((endpoint) => (
          <EndpointCard
            key={endpoint.id}
            endpoint={endpoint}
            onEdit={() => setEditing(endpoint)}
            onRotate={act('A new secret was made.', async () => {
              const rotated = await rotateWebhookSecret(endpoint.id);
              setSecret({ value: rotated.secret, rotated: true });
            })}
            onToggle={act(endpoint.active ? 'The endpoint was disabled.' : 'The endpoint was enabled.', () =>
              updateWebhookEndpoint(endpoint.id, { active: !endpoint.active }),
            )}
            onDelete={async () => {
              if (!window.confirm(`Delete the endpoint ${endpoint.url} and its delivery log?`)) return;
              await act('The endpoint was deleted.', () => deleteWebhookEndpoint(endpoint.id))();
            }}
            onTest={act('A test event is on its way: see the delivery log.', () => sendWebhookTest(endpoint.id))}
          />
        ))}
      </Stack>
      {editing && (
        <EndpointDialog
          endpoint={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSave={async (values) => {
            if (editing === 'new') {
              const made = await createWebhookEndpoint(values);
              setSecret({ value: made.secret, rotated: false });
            } else {
              await updateWebhookEndpoint(editing.id, { url: values.url, events: values.events });
              setNotice({ severity: 'success', text: 'The endpoint was saved.' });
            }
            setEditing(null);
          }}
        />
      )}
      {secret && <SecretDialog secret={secret.value} rotated={secret.rotated} onClose={() => setSecret(null)} />}
    </Box>
  );
}

function EndpointCard(props: { endpoint: WebhookEndpoint; onEdit(): void; onRotate(): void; onToggle(): void; onDelete(): void; onTest(): void }) {
  const { endpoint } = props;
  const [showLog, setShowLog] = useState(false);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="article" aria-label={`Endpoint ${endpoint.url}`}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1, gap: 1 }}>
        <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all', minWidth: 0, flex: '1 1 16rem' }}>{endpoint.url}</Typography>
        <Chip size="small" label={endpoint.mode === 'live' ? 'Live orders' : 'Sandbox orders'} color={endpoint.mode === 'live' ? 'primary' : 'default'} />
        <Chip size="small" label={endpoint.active ? 'Active' : 'Disabled'} color={endpoint.active ? 'success' : 'warning'} variant="outlined" />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
        Events: {endpoint.events.join(', ')}
      </Typography>
      {!endpoint.active && endpoint.disabled_reason && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {endpoint.disabled_reason}
        </Alert>
      )}
      {endpoint.previous_secret_until && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          The previous secret also signs until {new Date(endpoint.previous_secret_until).toLocaleString('en-GB')}.
        </Typography>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        <Button size="small" variant="outlined" onClick={props.onTest} disabled={!endpoint.active}>
          Send test event
        </Button>
        <Button size="small" onClick={props.onEdit}>
          Edit
        </Button>
        <Button size="small" onClick={props.onRotate}>
          Rotate secret
        </Button>
        <Button size="small" onClick={props.onToggle}>
          {endpoint.active ? 'Disable' : 'Enable'}
        </Button>
        <Button size="small" color="error" onClick={props.onDelete}>
          Delete
        </Button>
        <Button size="small" onClick={() => setShowLog((s) => !s)} aria-expanded={showLog} aria-controls={`log-${endpoint.id}`}>
          {showLog ? 'Hide delivery log' : 'Delivery log'}
        </Button>
      </Stack>
      {showLog && (
        <Box id={`log-${endpoint.id}`} sx={{ mt: 2 }}>
          <DeliveryLog endpointId={endpoint.id} active={endpoint.active} />
        </Box>
      )}
    </Paper>
  );
}
