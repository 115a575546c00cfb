import { useRecordContext } from 'react-admin';
import type { StaffUser } from '../../shared/api';
import { StaffTitle } from '../common/StaffTitle';
import { fullName } from './FullNameField';

/** "Jane Okafor — Inkwell Design Studio" in the app bar; "Users › Jane Okafor | Print Junction Trade" on the tab. */
export function UserTitle() {
  const user = useRecordContext<StaffUser>();
  if (!user) return <StaffTitle page="Users" />;
  return <StaffTitle page="Users" record={fullName(user)} shown={[fullName(user), user.company_name].filter(Boolean).join(' — ')} />;
}
