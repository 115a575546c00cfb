import PaymentsIcon from '@mui/icons-material/Payments';
import type { StaffPayment } from '../../shared/api/staff-payments';
import { formatPence } from '../../shared/domain/pricing/format';
import { lazyScreen } from '../common/lazyScreen';

/**
 * Payments received: the list at /admin/payments (what each paid and what is left as credit), and
 * recording one at /admin/payments/create. A payment is not edited or deleted once recorded.
 */
export default {
  list: lazyScreen(
    () => import('./PaymentList'),
    (m) => m.PaymentList,
  ),
  create: lazyScreen(
    () => import('./PaymentCreate'),
    (m) => m.PaymentCreate,
  ),
  icon: PaymentsIcon,
  recordRepresentation: (payment: StaffPayment) => `${formatPence(payment.amount)} on ${payment.received_on}`,
  options: { label: 'Payments' },
};
