import type { Identifier } from 'react-admin';
import type { BatchRun, BatchSummary, BatchWaiting, DownloadLink } from '../../shared/api/staff-production';
import { http } from '../../shared/http';
import { API_BASE, call } from './call';

/** Production batches' calls beyond their list: what waits, a run, the ZIP's link. */
export interface BatchesCalls {
  /** What the next batch run would take, in all and per stock, and the run being made now if any. */
  batchesWaiting(): Promise<BatchWaiting>;
  /** Starts a batch run (every stock, or one); answers the batch, queued: a background job makes its ZIP. */
  runBatch(run: BatchRun): Promise<BatchSummary>;
  /** A one-minute link to the batch's ZIP, for the browser to follow itself (it saves the file to disk as it streams). */
  batchDownloadLink(id: Identifier): Promise<DownloadLink>;
}

export const batchesCalls: BatchesCalls = {
  batchesWaiting() {
    return call(http.get<BatchWaiting>(`${API_BASE}/batches/waiting`));
  },
  runBatch(run) {
    return call(http.post<BatchSummary>(`${API_BASE}/batches/run`, run));
  },
  batchDownloadLink(id) {
    return call(http.post<DownloadLink>(`${API_BASE}/batches/${encodeURIComponent(id)}/download`));
  },
};
