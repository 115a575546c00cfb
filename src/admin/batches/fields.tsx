import CheckIcon from '@mui/icons-material/Check';
import DownloadIcon from '@mui/icons-material/Download';
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SyncIcon from '@mui/icons-material/Sync';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { BATCH_STATUS_NAMES, type BatchStatus, type BatchSummary } from '../../shared/api/staff-production';
import type { StaffDataProvider } from '../dataProvider';
import { messageOf } from '../dataProvider/errors';
import { followLink } from '../common/followLink';
import { formatBytes } from '../../shared/ui/fileSize';
import { formatUkDateTime } from '../orders/fields';

const LOOK: Record<BatchStatus, { color: 'default' | 'info' | 'success' | 'error'; Icon: typeof CheckIcon }> = {
  queued: { color: 'default', Icon: ScheduleIcon },
  running: { color: 'info', Icon: SyncIcon },
  done: { color: 'success', Icon: CheckIcon },
  failed: { color: 'error', Icon: ErrorIcon },
};

/** A batch's status as a chip: Waiting to start, Making the ZIP, Ready or Failed (colour and icon as well as the word). */
export function BatchStatusChip({ status }: { status: BatchStatus }) {
  const { color, Icon } = LOOK[status];
  return <Chip size="small" label={BATCH_STATUS_NAMES[status]} color={color} variant={status === 'queued' ? 'outlined' : 'filled'} icon={<Icon />} />;
}

/** True while the batch's ZIP is still to come. */
export const isUnderWay = (batch: Pick<BatchSummary, 'status'>): boolean => batch.status === 'queued' || batch.status === 'running';

/**
 * A run under way that lost its worker: "Interrupted at 14:03, being made again (attempt 2)" once
 * another worker has taken it over, or — in the minute before — that its worker went silent and
 * when. Null for a run that was never interrupted, or is over.
 */
export function interruptionText(batch: Pick<BatchSummary, 'status' | 'run'>): string | null {
  if (!isUnderWay(batch) || !batch.run) return null;
  const { attempt, interrupted_at, silent_since } = batch.run;
  if (silent_since)
    return `The worker making it stopped answering at ${formatUkDateTime(silent_since)}: another takes the run over within a minute and starts the ZIP again.`;
  if (interrupted_at) return `Interrupted at ${formatUkDateTime(interrupted_at)}, being made again (attempt ${attempt}).`;
  return null;
}

/** "120 of 2,000 files", while the ZIP is made. */
export const progressText = (batch: Pick<BatchSummary, 'files_done' | 'files_total'>): string =>
  `${batch.files_done.toLocaleString('en-GB')} of ${batch.files_total.toLocaleString('en-GB')} file${batch.files_total === 1 ? '' : 's'}`;

/** The stock a run was limited to, or "Every stock". */
export const stockText = (batch: Pick<BatchSummary, 'stock_id' | 'stock_name'>): string =>
  batch.stock_id === null ? 'Every stock' : (batch.stock_name ?? '—');

/** A ZIP's size ("12.4 MB"), or a dash before it is made. */
export const zipSize = (bytes: number | null): string => (bytes === null ? '—' : formatBytes(bytes));

/**
 * Download ZIP: asks for a one-minute link and lets the browser follow it. The browser saves the
 * ZIP to disk as it arrives, with its own progress: a script never holds the file (it can be
 * gigabytes). Shows a spinner while the link is fetched, and what went wrong if it could not be.
 */
export function DownloadZipButton({
  batch,
  size = 'medium',
  variant = 'contained',
}: {
  batch: Pick<BatchSummary, 'id' | 'status'>;
  size?: 'small' | 'medium';
  variant?: 'text' | 'contained' | 'outlined';
}) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const { mutate, isPending, error, reset } = useMutation({
    mutationFn: () => dataProvider.batchDownloadLink(batch.id),
    onSuccess: ({ url }) => followLink(url),
  });
  if (batch.status !== 'done') return null;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        size={size}
        variant={variant}
        startIcon={isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : <DownloadIcon />}
        disabled={isPending}
        onClick={(event) => {
          event.stopPropagation(); // inside a list row, the click must not open the row
          reset();
          mutate();
        }}
      >
        {isPending ? 'Getting the ZIP…' : 'Download ZIP'}
      </Button>
      {error ? (
        <Alert severity="error" role="alert" onClick={(event) => event.stopPropagation()}>
          {messageOf(error, 'The ZIP could not be downloaded. Please try again.')}
        </Alert>
      ) : null}
    </Stack>
  );
}
