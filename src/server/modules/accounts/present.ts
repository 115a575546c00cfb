import type { User } from '../../../shared/api/accounts';
import type { CompanyRow, UserRow } from '../../db/schema';
import { addressFields } from '../../lib/postal-address';

/**
 * The user as the browser sees it: never the password hash or deletion marker. Its company name,
 * logo and blind-dispatch default are the company's (the screens read them here as they always did).
 */
export function presentUser(row: UserRow, company: Pick<CompanyRow, 'name' | 'logo' | 'blindDispatch'>): User {
  return {
    id: row.id,
    email: row.email,
    role: row.role as User['role'],
    title: row.title,
    ...addressFields({ ...row, companyName: company.name }),
    company_logo: company.logo ? `/api/files/logos/${company.logo}` : null,
    mobile: row.mobile,
    blind_dispatch: company.blindDispatch,
    company_id: row.companyId,
    company_role: row.companyRole as User['company_role'],
    approval_limit: row.approvalLimit,
    created_at: row.createdAt.toISOString(),
  };
}
