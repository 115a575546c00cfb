import type { User } from '../../../shared/api/accounts';
import type { UserRow } from '../../db/schema';

/** The user as the browser sees it: never the password hash or deletion marker. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    role: row.role as User['role'],
    title: row.title,
    firstname: row.firstname,
    lastname: row.lastname,
    company_name: row.companyName,
    company_logo: row.companyLogo ? `/api/files/logos/${row.companyLogo}` : null,
    telephone: row.telephone,
    mobile: row.mobile,
    address1: row.address1,
    address2: row.address2,
    town: row.town,
    county: row.county,
    postcode: row.postcode,
    country_id: row.countryId,
    created_at: row.createdAt.toISOString(),
  };
}
