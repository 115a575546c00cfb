import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useListContext, useNotify, useRecordContext, useRefresh, type RaRecord } from 'react-admin';
import { messageOf, reorder } from './catalogueApi';

/**
 * Move a row up or down the printer's own order. Only on the whole list in that order (sorted by
 * sort_order, unfiltered, one page): otherwise the buttons explain why they are off.
 */
export function ReorderButtons({ resource, label }: { resource: 'stock' | 'products'; label: (record: RaRecord) => string }) {
  const record = useRecordContext();
  const { data = [], sort, filterValues, total } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const inOrder = sort.field === 'sort_order' && sort.order === 'ASC' && Object.keys(filterValues ?? {}).length === 0 && (total ?? 0) <= data.length;
  const index = data.findIndex((r) => r.id === record.id);
  const move = async (by: -1 | 1) => {
    const ids = data.map((r) => Number(r.id));
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    setBusy(true);
    try {
      await reorder(resource, ids);
      refresh();
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const why = inOrder ? '' : ' (sort by order, without filters, to move rows)';
  return (
    <Stack direction="row" onClick={(e) => e.stopPropagation()}>
      <Tooltip title={`Move up${why}`}>
        <span>
          <IconButton size="small" aria-label={`Move ${label(record)} up`} disabled={!inOrder || busy || index <= 0} onClick={() => void move(-1)}>
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={`Move down${why}`}>
        <span>
          <IconButton size="small" aria-label={`Move ${label(record)} down`} disabled={!inOrder || busy || index < 0 || index >= data.length - 1} onClick={() => void move(1)}>
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}
