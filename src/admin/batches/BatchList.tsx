import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { DataTable, List, SimpleList, type GetListResult } from 'react-admin';
import type { BatchSummary } from '../../shared/api/staff-production';
import { EmptyState } from '../common/EmptyState';
import { StaffPagination } from '../common/StaffPagination';
import { StaffTitle } from '../common/StaffTitle';
import { formatUkDateTime } from '../orders/fields';
import { BatchStatusChip, DownloadZipButton, interruptionText, isUnderWay, progressText, stockText } from './fields';
import { RunBatchDialog } from './RunBatchDialog';
import { itemsOfOrders, useBatchesWaiting } from './useBatchesWaiting';

/** What waits for the press, and the button that runs a batch of it. */
function WaitingPanel() {
  const { data: waiting, isPending, error } = useBatchesWaiting();
  const [running, setRunning] = useState(false);
  const text = isPending
    ? 'Counting what is waiting for the press…'
    : error || !waiting
      ? 'What is waiting for the press could not be counted.'
      : waiting.items
        ? `${itemsOfOrders(waiting)} ${waiting.items === 1 ? 'is' : 'are'} waiting for the press.`
        : null;
  return (
    <Paper variant="outlined" component="section" aria-label="Waiting for the press" sx={{ mt: 2, p: { xs: 1.5, sm: 2 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          {text !== null ? (
            <Typography variant="body1" sx={{ fontWeight: 600 }} role="status">
              {text}
            </Typography>
          ) : (
            <>
              <Typography variant="body1" sx={{ fontWeight: 600 }} role="status">
                Nothing waiting for the press
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Every item of every Pending order is in a batch already. New orders wait here once customers confirm them.
              </Typography>
            </>
          )}
          {waiting?.running ? (
            <Typography variant="body2" color="text.secondary">
              Batch {waiting.running} is being made now.
            </Typography>
          ) : null}
        </Box>
        <Button
          variant="contained"
          startIcon={<PlayArrowIcon />}
          onClick={() => setRunning(true)}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          Run a batch
        </Button>
      </Stack>
      <RunBatchDialog open={running} onClose={() => setRunning(false)} />
    </Paper>
  );
}

/** The status, with the ZIP's progress while it is made and the reason when it failed. */
function StatusCell({ batch }: { batch: BatchSummary }) {
  const interrupted = interruptionText(batch);
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <BatchStatusChip status={batch.status} />
      {batch.status === 'running' ? (
        <Typography variant="caption" color="text.secondary">
          {progressText(batch)}
        </Typography>
      ) : null}
      {interrupted ? (
        <Typography variant="body2" color="warning.dark" sx={{ overflowWrap: 'anywhere', maxWidth: 320 }}>
          {interrupted}
        </Typography>
      ) : null}
      {batch.status === 'failed' && batch.error ? (
        <Typography
          variant="body2"
          color="error"
          sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}
        >
          {batch.error}
        </Typography>
      ) : null}
    </Stack>
  );
}

const Empty = () => (
  <EmptyState title="No batches yet">
    A batch gathers the items waiting for the press into one ZIP — the artwork, a job sheet and jobs.csv — and moves their orders to Processing. Run one with
    “Run a batch” above; each run is listed here with its ZIP.
  </EmptyState>
);

const Column = DataTable.Col<BatchSummary>;

/** While a batch of the page is being made, the list is asked again every second; it stops when none is. */
const pollWhileUnderWay = (query: { state: { data?: GetListResult<BatchSummary> } }) => (query.state.data?.data.some(isUnderWay) ? 1_000 : false);

/**
 * /admin/batches: what is waiting for the press with "Run a batch", and every batch, newest first:
 * when and by whom it was made, its stock, items and orders, its status (with the ZIP's progress),
 * and its ZIP. A row opens the batch.
 */
export function BatchList() {
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <>
      <WaitingPanel />
      <List
        title={<StaffTitle page="Batches" />}
        pagination={<StaffPagination />}
        actions={false}
        sort={{ field: 'id', order: 'DESC' }}
        perPage={25}
        storeKey={false}
        empty={<Empty />}
        exporter={false}
        queryOptions={{ refetchInterval: pollWhileUnderWay as never }}
      >
        {narrow ? (
          <SimpleList<BatchSummary>
            primaryText={(batch) => <strong>Batch {batch.id}</strong>}
            secondaryText={(batch) => (
              <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                {[
                  formatUkDateTime(batch.created_at),
                  batch.created_by_name,
                  stockText(batch),
                  itemsOfOrders({ items: batch.item_count, orders: batch.order_count }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
                <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
                  <BatchStatusChip status={batch.status} />
                  {batch.status === 'running' ? progressText(batch) : null}
                </Box>
                {interruptionText(batch) ? (
                  <Box component="span" sx={{ display: 'block', mt: 0.5, color: 'warning.dark' }}>
                    {interruptionText(batch)}
                  </Box>
                ) : null}
              </Box>
            )}
            rowClick="show"
          />
        ) : (
          <DataTable
            rowClick="show"
            bulkActionButtons={false}
            sx={{ '& .column-stock_name': { overflowWrap: 'anywhere', maxWidth: 200 }, '& .column-error': { maxWidth: 320 } }}
          >
            <Column source="id" label="Batch" render={(batch) => <strong>{batch.id}</strong>} />
            <Column source="created_at" label="Made" render={(batch) => formatUkDateTime(batch.created_at)} />
            <Column source="created_by_name" label="By" disableSort render={(batch) => batch.created_by_name ?? '—'} />
            <Column source="stock_name" label="Stock" disableSort render={stockText} />
            <Column source="item_count" label="Items" align="right" render={(batch) => batch.item_count.toLocaleString('en-GB')} />
            <Column source="order_count" label="Orders" disableSort align="right" render={(batch) => batch.order_count.toLocaleString('en-GB')} />
            <Column source="status" label="Status" disableSort render={(batch) => <StatusCell batch={batch} />} />
            <Column label="ZIP" disableSort render={(batch) => <DownloadZipButton batch={batch} size="small" variant="outlined" />} />
          </DataTable>
        )}
      </List>
    </>
  );
}
