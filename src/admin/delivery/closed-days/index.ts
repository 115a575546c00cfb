import ClosedDaysIcon from '@mui/icons-material/EventBusy';
import type { ClosedDayRecord } from '../../../shared/api';
import { lazyScreen } from '../../common/lazyScreen';
import { ukDay } from './days';

/**
 * The closed days resource at /admin/delivery/closed-days (the API's /api/admin/closed-days):
 * one list by date with a year filter, each day added and edited in a dialog over it.
 */
export default {
  list: lazyScreen(
    () => import('./ClosedDayList'),
    (m) => m.ClosedDayList,
  ),
  icon: ClosedDaysIcon,
  recordRepresentation: (day: ClosedDayRecord) => `${day.name} (${ukDay(day.date)})`,
  options: { label: 'Closed days' },
};
