import type { User } from '../../../shared/api/accounts';
import type { UserRow } from '../../db/schema';
import { addressFields } from '../../lib/postal-address';

/** The user as the browser sees it: never the password hash or deletion marker. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    role: row.role as User['role'],
    title: row.title,
    ...addressFields(row),
    company_logo: row.companyLogo ? `/api/files/logos/${row.companyLogo}` : null,
    mobile: row.mobile,
    blind_dispatch: row.blindDispatch,
    company_id: row.companyId,
    company_role: row.companyRole as User['company_role'],
    approval_limit: row.approvalLimit,
    created_at: row.createdAt.toISOString(),
  };
}
