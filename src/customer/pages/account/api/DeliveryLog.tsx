import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { apiErrors } from '../../../../shared/http';
import { resendWebhookDelivery, useWebhookDeliveries } from '../../../api/webhooks';

const STATE_COLOUR = { pending: 'default', succeeded: 'success', failed: 'error' } as const;

/** An endpoint's deliveries of the last 30 days, newest first, each with "Resend". */
export function DeliveryLog({ endpointId, active }: { endpointId: number; active: boolean }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = useWebhookDeliveries(endpointId, page);
  const [message, setMessage] = useState<string | null>(null);

  if (isPending) return <Typography color="text.secondary">Loading the delivery log…</Typography>;
  if (isError)
    return (
      <Alert severity="error" action={<Button onClick={() => void refetch()}>Retry</Button>}>
        The delivery log could not be loaded.
      </Alert>
    );
  if (!data.total) return <Typography color="text.secondary">No deliveries in the last 30 days.</Typography>;
  const pages = Math.ceil(data.total / data.per_page);
  return (
    <Box>
      {message && (
        <Alert severity="info" onClose={() => setMessage(null)} sx={{ mb: 1 }}>
          {message}
        </Alert>
      )}
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Deliveries">
        {data.data.map((d) => (
          <Box component="li" key={d.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
                  {d.event_type}
                  {d.order_id !== null && ` · order ${d.order_id}`}
                  {d.sequence !== null && ` · #${d.sequence}`}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                  {new Date(d.created_at).toLocaleString('en-GB')} · {d.attempts} attempt{d.attempts === 1 ? '' : 's'}
                  {d.status_code !== null && ` · HTTP ${d.status_code}`}
                  {d.duration_ms !== null && ` · ${d.duration_ms} ms`}
                  {d.error && ` · ${d.error}`}
                </Typography>
              </Box>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
                <Chip size="small" label={d.state} color={STATE_COLOUR[d.state]} variant="outlined" />
                <Button
                  size="small"
                  disabled={!active}
                  onClick={async () => {
                    try {
                      await resendWebhookDelivery(endpointId, d.id);
                      setMessage('Queued to send again.');
                    } catch (error) {
                      setMessage(apiErrors(error)?.message ?? 'It could not be resent. Try again.');
                    }
                  }}
                >
                  Resend
                </Button>
              </Stack>
            </Stack>
          </Box>
        ))}
      </Stack>
      {pages > 1 && <Pagination sx={{ mt: 1 }} count={pages} page={page} onChange={(_e, p) => setPage(p)} size="small" />}
    </Box>
  );
}
