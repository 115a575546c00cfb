import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useListContext, useNotify, useRecordContext, useRefresh, useResourceContext, type Identifier } from 'react-admin';
import type { ReorderableResource, StaffDataProvider } from '../dataProvider';
import { messageOf } from '../dataProvider/errors';

/**
 * Move a row up or down the printer's own order. Only on the whole list in that order (sorted by
 * sort_order, unfiltered, one page): otherwise the buttons explain why they are off.
 */
export function ReorderButtons() {
  const record = useRecordContext<{ id: Identifier; name?: string }>();
  const resource = useResourceContext() as ReorderableResource;
  const { data = [], sort, filterValues, total } = useListContext();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { mutate: reorder, isPending: busy } = useMutation({
    mutationFn: (ids: Identifier[]) => dataProvider.reorder(resource, ids),
    onSuccess: () => refresh(),
    onError: (error) => notify(messageOf(error), { type: 'error' }),
  });
  if (!record) return null;
  const inOrder = sort.field === 'sort_order' && sort.order === 'ASC' && Object.keys(filterValues ?? {}).length === 0 && (total ?? 0) <= data.length;
  const index = data.findIndex((r) => r.id === record.id);
  const move = (by: -1 | 1) => {
    const ids = data.map((r) => Number(r.id));
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    reorder(ids);
  };
  const why = inOrder ? '' : ' (sort by order, without filters, to move rows)';
  const name = record.name ?? resource;
  return (
    <Stack direction="row" onClick={(e) => e.stopPropagation()}>
      <Tooltip title={`Move up${why}`}>
        <span>
          <IconButton size="small" aria-label={`Move ${name} up`} disabled={!inOrder || busy || index <= 0} onClick={() => move(-1)}>
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={`Move down${why}`}>
        <span>
          <IconButton
            size="small"
            aria-label={`Move ${name} down`}
            disabled={!inOrder || busy || index < 0 || index >= data.length - 1}
            onClick={() => move(1)}
          >
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}
