import type { ReportAnswers, ReportQueryInput } from '../../shared/api/staff-reports';
import type { ReportName } from '../../shared/domain/reports/reports';
import { http } from '../../shared/http';
import { API_BASE, blobErrorAsJson, call } from './call';

/** Staff reports (DESIGN §3): each report's rows for a range, and the same as CSV. */
export interface ReportsCalls {
  report<N extends ReportName>(name: N, query: ReportQueryInput): Promise<ReportAnswers[N]>;
  reportCsv(name: ReportName, query: ReportQueryInput): Promise<Blob>;
}

export const reportsCalls: ReportsCalls = {
  // Refusals (the range's days) show beside the range's fields, not in the error dialog.
  report: (name, query) => call(http.get(`${API_BASE}/reports/${name}`, { params: query, skipErrorDialogs: true })),
  reportCsv: (name, query) =>
    call(
      http
        .get<Blob>(`${API_BASE}/reports/${name}.csv`, { params: query, responseType: 'blob', skipErrorDialogs: true })
        .catch(async (error: unknown) => Promise.reject(await blobErrorAsJson(error))),
    ),
};
