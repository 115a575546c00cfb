import { useId, useState } from 'react';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApiKey } from '../../../../shared/api/trade-api';
import { formatDate, ukDateTime } from '../../../../shared/domain/calendar/workingDays';
import { useApiKeys, useRevokeApiKey } from '../../../api/apiKeys';
import { errorText, LoadFailed, Loading } from '../../../components/QueryStates';
import { ConfirmDialog } from '../../orders/orderItemViews';
import { CreateKeyDialog } from './CreateKeyDialog';

/** "3 Mar 2026, 14:05" (UK time). */
function when(iso: string): string {
  const { date, minutes } = ukDateTime(new Date(iso));
  return `${formatDate(date)}, ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  const revoked = apiKey.revoked_at !== null;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none', opacity: revoked ? 0.75 : 1 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="h4" component="h3" sx={{ overflowWrap: 'anywhere' }}>
              {apiKey.name}
            </Typography>
            <Chip size="small" label={apiKey.mode === 'live' ? 'Live' : 'Test'} color={apiKey.mode === 'live' ? 'success' : 'default'} />
            {revoked && <Chip size="small" label="Revoked" color="error" variant="outlined" />}
          </Stack>
          <Typography variant="body2" sx={{ fontFamily: 'monospace', mt: 0.5 }} aria-label={`Key starting ${apiKey.key_start}`}>
            {apiKey.key_start}…
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Created {when(apiKey.created_at)} · {apiKey.last_used_at ? `last used ${when(apiKey.last_used_at)}` : 'never used'}
            {revoked && ` · revoked ${when(apiKey.revoked_at!)}`}
          </Typography>
        </Box>
        {!revoked && (
          <Button color="error" variant="outlined" onClick={() => onRevoke(apiKey)} aria-label={`Revoke ${apiKey.name}`} sx={{ flexShrink: 0 }}>
            Revoke
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The account's API keys: each with its mode, first characters, dates and state; "Create key"
 * (the key shown once) and "Revoke" with a confirmation.
 */
export function ApiKeysSection() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const headingId = useId();

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) });
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
        <Box>
          <Typography variant="h2" id={headingId}>
            API keys
          </Typography>
          <Typography color="text.secondary">
            A test key works on the sandbox; a live key places real orders. Each key is shown once, when it is made.
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<Add aria-hidden />}
          onClick={() => setCreating(true)}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        >
          Create key
        </Button>
      </Stack>
      {keys.isPending ? (
        <Loading label="Loading your API keys…" />
      ) : keys.isError ? (
        <LoadFailed what="Your API keys" error={keys.error} onRetry={() => void keys.refetch()} />
      ) : keys.data.length === 0 ? (
        <Typography sx={{ py: 2 }}>You have no API keys yet. Create a test key to try the API on the sandbox.</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label="API keys">
          {keys.data.map((k) => (
            <KeyRow key={k.id} apiKey={k} onRevoke={(key) => (revoke.reset(), setRevoking(key))} />
          ))}
        </Stack>
      )}
      <CreateKeyDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        confirmLabel="Revoke key"
        busy={revoke.isPending}
        error={revoke.isError ? errorText(revoke.error, 'The key could not be revoked. Please try again.') : null}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      >
        Anything using this key is refused from now on. This cannot be undone: you would make a new key instead.
      </ConfirmDialog>
    </Box>
  );
}
