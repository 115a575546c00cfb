import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { ReactNode } from 'react';
import { Loading, Title, useGetOne } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { Batch, BatchItem } from '../../shared/api/staff-production';
import { formatDay } from '../../shared/domain/calendar/workingDays';
import { optionsText, turnaroundText } from '../../shared/domain/pricing/choice-names';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import { staffUrl } from '../staffAreas';
import { StaffNotFound } from '../common/StaffNotFound';
import { StaffTitle } from '../common/StaffTitle';
import { messageOf } from '../dataProvider/errors';
import { formatUkDateTime, OrderLink } from '../orders/fields';
import { BatchStatusChip, DownloadZipButton, interruptionText, isUnderWay, progressText, stockText, zipSize } from './fields';
import { RecordHeading } from '../common/RecordHeading';

/**
 * The list puts its rows (summaries, without items) in react-admin's cache of records; the page
 * reads the whole batch under a key of its own, so a row never stands in for it.
 */
const WHOLE_BATCH = { whole: true };

/** While the ZIP is being made, the batch is asked again every second; it stops once it is ready or failed. */
const pollWhileUnderWay = (query: { state: { data?: Batch } }) => (query.state.data && isUnderWay(query.state.data) ? 1_000 : false);

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

const sidesText = (sides: BatchItem['sides']) => (sides === 'double' ? 'Double-sided' : 'Single-sided');
const orientationText = (orientation: BatchItem['orientation']) => (orientation === 'portrait' ? 'Portrait' : 'Landscape');
const dueText = (due: string | null) => (due ? formatDay(due) : '—');
const sheetsText = (sheets: number) => `${sheets.toLocaleString('en-GB')} sheet${sheets === 1 ? '' : 's'}`;

/** The item's finishes and turnaround, as frozen at confirmation: nothing for an item confirmed before they existed. */
function Choices({ item }: { item: BatchItem }) {
  if (!item.options.length && !item.turnaround) return null;
  return (
    <Box data-item-choices sx={{ mt: 0.25, minWidth: 0, overflowWrap: 'anywhere', color: 'text.secondary' }}>
      {item.options.length ? <Typography variant="body2">{optionsText(item.options)}</Typography> : null}
      {item.turnaround ? <Typography variant="body2">{turnaroundText(item.turnaround)}</Typography> : null}
    </Box>
  );
}

/** What the customer told production about an item, and the artwork warnings they accepted: read before printing. */
function ForThePress({ item }: { item: BatchItem }) {
  if (!item.notes && !item.accepted_warnings.length) return null;
  return (
    <Box data-press-notes sx={{ display: 'grid', gap: 0.5, my: 0.5, minWidth: 0 }}>
      {item.notes ? (
        <Alert severity="info" icon={false} sx={{ py: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          <strong>Customer’s notes:</strong> {item.notes}
        </Alert>
      ) : null}
      {item.accepted_warnings.length ? (
        <Alert severity="warning" icon={false} sx={{ py: 0, overflowWrap: 'anywhere' }}>
          <strong>Warnings the customer accepted:</strong>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {item.accepted_warnings.map((warning, i) => (
              <li key={i}>{warning}</li>
            ))}
          </Box>
        </Alert>
      ) : null}
    </Box>
  );
}

/** The items as a table (wide screens), scrolling inside its own box if the window is narrower than it. */
function ItemsTable({ batch }: { batch: Batch }) {
  return (
    <Box role="region" aria-label={`Items of batch ${batch.id}`} tabIndex={0} sx={{ overflowX: 'auto', maxWidth: '100%' }}>
      <Table size="small" sx={{ '& td, & th': { verticalAlign: 'top', px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell>Order</TableCell>
            <TableCell>File name</TableCell>
            <TableCell>Product</TableCell>
            <TableCell>Stock</TableCell>
            <TableCell align="right">Qty</TableCell>
            <TableCell align="right">Sheets</TableCell>
            <TableCell>Sides</TableCell>
            <TableCell>Orientation</TableCell>
            <TableCell>Trim size</TableCell>
            <TableCell>Customer</TableCell>
            <TableCell>Dispatch</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {batch.items.map((item) => [
            <TableRow key={item.id} sx={item.notes || item.accepted_warnings.length ? { '& > td': { borderBottom: 0 } } : undefined}>
              <TableCell>
                <OrderLink id={item.order_id} />
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 140, maxWidth: 180, fontFamily: 'monospace', fontSize: '0.75rem' }} data-file-name>
                {item.file_name}
              </TableCell>
              <TableCell sx={{ minWidth: 160, maxWidth: 260 }}>
                {item.product}
                <Choices item={item} />
              </TableCell>
              <TableCell>{item.stock}</TableCell>
              <TableCell align="right">{item.qty.toLocaleString('en-GB')}</TableCell>
              <TableCell align="right">{item.sheets.toLocaleString('en-GB')}</TableCell>
              <TableCell>{item.sides === 'double' ? 'Double' : 'Single'}</TableCell>
              <TableCell>{orientationText(item.orientation)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{item.trim_size}</TableCell>
              <TableCell>{item.customer}</TableCell>
              <TableCell>{dueText(item.dispatch_due)}</TableCell>
            </TableRow>,
            item.notes || item.accepted_warnings.length ? (
              <TableRow key={`${item.id}-notes`}>
                <TableCell />
                <TableCell colSpan={10} sx={{ pt: 0 }}>
                  <ForThePress item={item} />
                </TableCell>
              </TableRow>
            ) : null,
          ])}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The same items on a phone: a card each, nothing wider than the screen. */
function ItemCards({ batch }: { batch: Batch }) {
  return (
    <Box component="ul" aria-label={`Items of batch ${batch.id}`} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {batch.items.map((item) => (
        <Paper component="li" key={item.id} variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap' }}>
            <OrderLink id={item.order_id} />
            <Typography variant="body2" color="text.secondary">
              Dispatch {dueText(item.dispatch_due)}
            </Typography>
          </Stack>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {item.product} · {item.stock}
          </Typography>
          <Choices item={item} />
          <Typography variant="body2">
            {item.qty.toLocaleString('en-GB')} · {sheetsText(item.sheets)} · {sidesText(item.sides)} · {orientationText(item.orientation)} · {item.trim_size}
          </Typography>
          <Typography variant="body2">{item.customer}</Typography>
          <ForThePress item={item} />
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: '0.8125rem' }} data-file-name>
            {item.file_name}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

function Items({ batch }: { batch: Batch }) {
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  let body: ReactNode;
  if (batch.status === 'done') body = narrow ? <ItemCards batch={batch} /> : <ItemsTable batch={batch} />;
  else if (batch.status === 'failed') body = <Typography variant="body2">No items: nothing was batched and no order was moved.</Typography>;
  else body = <Typography variant="body2">The items are listed here once the ZIP is ready.</Typography>;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="batch-items-heading" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Typography variant="h3" component="h3" id="batch-items-heading" gutterBottom>
        Items{batch.status === 'done' ? ` (${batch.items.length.toLocaleString('en-GB')})` : ''}
      </Typography>
      {body}
    </Paper>
  );
}

/** A run under way whose worker died (or was shut down): said above its progress, with the attempt it is on. */
function Interrupted({ batch }: { batch: Batch }) {
  const text = interruptionText(batch);
  if (!text || !batch.run) return null;
  const { silent_since, interrupted_at, attempt } = batch.run;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      <strong>{silent_since ? 'This run has stopped answering.' : 'This run was interrupted and is being retried.'}</strong>{' '}
      {silent_since || !interrupted_at
        ? text
        : `The worker making it stopped at ${formatUkDateTime(interrupted_at)}; another is making the ZIP again from the start (attempt ${attempt}).`}{' '}
      Nothing was moved by the interrupted attempt: the orders move to Processing once the new ZIP is complete.
    </Alert>
  );
}

/** Where the batch stands: the status, the ZIP's progress while it is made, and why it failed. */
function Progress({ batch }: { batch: Batch }) {
  if (batch.status === 'queued') {
    return (
      <Box sx={{ mb: 2 }}>
        <Typography variant="body2" sx={{ mb: 0.5 }}>
          Waiting to start: the ZIP is begun within seconds.
        </Typography>
        <LinearProgress aria-label={`Batch ${batch.id} is waiting to start`} />
      </Box>
    );
  }
  if (batch.status === 'running') {
    const percent = batch.files_total ? Math.round((batch.files_done / batch.files_total) * 100) : 0;
    return (
      <Box sx={{ mb: 2 }}>
        <Typography variant="body2" sx={{ mb: 0.5 }}>
          Making the ZIP: {progressText(batch)}. You can leave this page; it goes on.
        </Typography>
        <LinearProgress variant="determinate" value={percent} aria-label={`ZIP of batch ${batch.id}: ${progressText(batch)}`} />
      </Box>
    );
  }
  if (batch.status === 'failed') {
    return (
      <Alert severity="error" sx={{ mb: 2 }}>
        <strong>This batch failed.</strong> {batch.error ?? 'The ZIP could not be made.'}
      </Alert>
    );
  }
  return null;
}

/**
 * /admin/batches/{id}/show: one batch — its status (with the ZIP's progress while it is made),
 * who ran it and when, its stock, items, orders and ZIP size, the ZIP to download once ready, and
 * its items as the press sees them, each linked to its order.
 */
export function BatchShow() {
  const { id } = useParams();
  const {
    data: batch,
    error,
    isPending,
    refetch,
  } = useGetOne<Batch>('batches', { id: Number(id), meta: WHOLE_BATCH }, { enabled: !!id, refetchInterval: pollWhileUnderWay as never });
  if (isPending) return <Loading />;
  if ((error as { status?: number } | null)?.status === 404) return <StaffNotFound record={`batch ${id}`} />;
  if (error || !batch) return <LoadFailed what="The batch" reason={messageOf(error)} onRetry={() => void refetch()} />;

  return (
    <Box sx={{ py: 2, minWidth: 0 }}>
      <Title title={<StaffTitle page="Batches" record={`Batch ${batch.id}`} />} />
      <Button component={RouterLink} to={staffUrl('batches')} size="small" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        All batches
      </Button>
      <RecordHeading title={`Batch ${batch.id}`} chips={<BatchStatusChip status={batch.status} />} actions={<DownloadZipButton batch={batch} />} />
      <Interrupted batch={batch} />
      <Progress batch={batch} />
      <Paper variant="outlined" component="section" aria-label="Summary" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))', xl: 'repeat(7, minmax(0, 1fr))' },
          }}
        >
          <Fact label="Run by">{batch.created_by_name ?? '—'}</Fact>
          <Fact label="Made">{formatUkDateTime(batch.created_at)}</Fact>
          <Fact label="Finished">{formatUkDateTime(batch.finished_at)}</Fact>
          <Fact label="Stock">{stockText(batch)}</Fact>
          <Fact label="Items">{batch.item_count.toLocaleString('en-GB')}</Fact>
          <Fact label="Orders">{batch.order_count.toLocaleString('en-GB')}</Fact>
          <Fact label="ZIP size">{zipSize(batch.zip_size)}</Fact>
          {batch.run && batch.run.attempt > 1 ? (
            <Fact label="Attempts">
              {batch.run.attempt}
              {batch.run.interrupted_at ? ` (interrupted at ${formatUkDateTime(batch.run.interrupted_at)})` : ''}
            </Fact>
          ) : null}
        </Box>
      </Paper>
      <Items batch={batch} />
    </Box>
  );
}
