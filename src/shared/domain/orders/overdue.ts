import { ukDateTime, type CivilDate } from '../calendar/workingDays';
import type { OrderStatus } from './statuses';

/** The statuses in which an order still owes its dispatch: past `dispatch_due` in one of them, it is overdue. */
export const OPEN_ORDER_STATUSES = ['live', 'printing', 'problem'] as const satisfies readonly OrderStatus[];

/** Today in the UK (Europe/London), the day dispatch dates are compared with. */
export const ukToday = (now: Date = new Date()): CivilDate => ukDateTime(now).date;

/** Past its dispatch date (UK) and neither dispatched nor cancelled (DESIGN §2, "Working days"). */
export function isOverdue(status: string, dispatchDue: CivilDate | null, today: CivilDate = ukToday()): boolean {
  return dispatchDue !== null && (OPEN_ORDER_STATUSES as readonly string[]).includes(status) && dispatchDue < today;
}
