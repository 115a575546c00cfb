import { useRecordContext } from 'react-admin';
import { formatMoment } from '../../shared/domain/calendar/workingDays';

/**
 * A record's instant as staff read every date-time: "26 Nov 2026, 02:45" in UK time (the shared
 * formatMoment), or "—" when it has none.
 */
export function UkDateTimeField({ source }: { source: string; label?: string }) {
  const record = useRecordContext<Record<string, unknown>>();
  const value = record?.[source];
  return <span>{typeof value === 'string' && value ? formatMoment(value) : '—'}</span>;
}
