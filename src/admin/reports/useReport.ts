import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ReportAnswers, ReportQueryInput } from '../../shared/api/staff-reports';
import type { ReportName } from '../../shared/domain/reports/reports';
import type { StaffDataProvider } from '../dataProvider';

/** A report's answer for a range (refetched when the range changes; never on window focus). */
export function useReport<N extends ReportName>(name: N, query: ReportQueryInput, enabled = true) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  return useQuery<ReportAnswers[N]>({
    queryKey: ['reports', name, query.from ?? '', query.to ?? '', query.group ?? ''],
    queryFn: () => dataProvider.report(name, query),
    enabled,
    retry: false,
  });
}
