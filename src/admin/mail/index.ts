import MailIcon from '@mui/icons-material/Mail';
import type { StaffMail } from '../../shared/api';
import { lazyScreen } from '../common/lazyScreen';

/**
 * The mail outbox: list at /admin/mail, a message at /admin/mail/{id}/show; staff read and resend,
 * never write or delete. Its screens load when first opened.
 */
export default {
  list: lazyScreen(
    () => import('./MailList'),
    (m) => m.MailList,
  ),
  show: lazyScreen(
    () => import('./MailShow'),
    (m) => m.MailShow,
  ),
  icon: MailIcon,
  recordRepresentation: (mail: StaffMail) => mail.subject,
  options: { label: 'Mail outbox' },
};
