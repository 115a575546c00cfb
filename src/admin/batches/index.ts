import BatchesIcon from '@mui/icons-material/ViewModule';
import type { BatchSummary } from '../../shared/api/staff-production';
import { lazyScreen } from '../common/lazyScreen';

/**
 * Production batches: the list with what waits for the press and "Run a batch" at /admin/batches,
 * and a batch with its items and its ZIP at /admin/batches/{id}/show. A batch is made by a run,
 * never typed or deleted. The screens load when first opened.
 */
export default {
  list: lazyScreen(
    () => import('./BatchList'),
    (m) => m.BatchList,
  ),
  show: lazyScreen(
    () => import('./BatchShow'),
    (m) => m.BatchShow,
  ),
  icon: BatchesIcon,
  recordRepresentation: (batch: BatchSummary) => `Batch ${batch.id}`,
  options: { label: 'Batches' },
};
