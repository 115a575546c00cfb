import { useRecordContext } from 'react-admin';
import type { AdminUser } from '../../shared/api';
import { fullName } from './FullNameField';

/** "Jane Okafor — Inkwell Design Studio" in the app bar. */
export function UserTitle() {
  const user = useRecordContext<AdminUser>();
  if (!user) return null;
  return <span>{[fullName(user), user.company_name].filter(Boolean).join(' — ')}</span>;
}
