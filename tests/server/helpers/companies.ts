import { sql, type SQL } from 'drizzle-orm';
import { companies, users } from '../../../src/server/db/schema';

/** A `where` for the company of an account: the company holds its name, logo, terms and credit. */
export const companyOfUser = (userId: number): SQL => sql`${companies.id} = (select ${users.companyId} from ${users} where ${users.id} = ${userId})`;
