import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { companies, users, type CompanyRow } from '../../db/schema';
import { qualified } from '../../db/columns';

/** What a company is made with: its billing (name, terms…) beside the founding account's address. */
export type NewCompany = Partial<Omit<typeof companies.$inferInsert, 'id' | 'createdAt' | 'version'>>;

/**
 * Makes the company a new account will own (DESIGN §2 "Companies"): registration and staff name it
 * and give it its terms here, in the transaction that makes the account. (An account inserted without
 * a company still gets an empty one of its own from the database: the users_company trigger.)
 */
export async function newCompany(executor: Db, values: NewCompany): Promise<CompanyRow> {
  const [row] = await executor.insert(companies).values(values).returning();
  return row;
}

/** The company of an account; every account has one (users.company_id is not null). */
export async function companyOfUser(executor: Db, userId: number): Promise<CompanyRow> {
  const [row] = await executor.select({ company: companies }).from(users).innerJoin(companies, eq(companies.id, users.companyId)).where(eq(users.id, userId));
  if (!row) throw new Error(`Account ${userId} has no company`);
  return row.company;
}

export async function companyById(executor: Db, companyId: number): Promise<CompanyRow | null> {
  const [row] = await executor.select().from(companies).where(eq(companies.id, companyId));
  return row ?? null;
}

/**
 * The name a customer goes by on staff lists: their company's, else their own — for the account a
 * row's `userId` column names (a correlated subquery, so a list needs no join of its own).
 */
export function customerNameOf(userId: AnyPgColumn): SQL<string> {
  return sql<string>`(select coalesce(nullif(${companies.name}, ''), trim(${users.firstname} || ' ' || ${users.lastname})) from ${users} join ${companies} on ${qualified(companies.id)} = ${qualified(users.companyId)} where ${qualified(users.id)} = ${qualified(userId)})`;
}

/** The company name of the account a row's `userId` column names ('' for none). */
export function companyNameOf(userId: AnyPgColumn): SQL<string> {
  return sql<string>`(select ${companies.name} from ${users} join ${companies} on ${qualified(companies.id)} = ${qualified(users.companyId)} where ${qualified(users.id)} = ${qualified(userId)})`;
}

/**
 * The accounts a staff search word finds (a LIKE pattern, lower-case): by their own name, e-mail,
 * postcode or town, or by their company's name — each on its own trigram index on PostgreSQL.
 */
export function accountsMatching(pattern: string, { liveOnly = true } = {}): SQL {
  const live = liveOnly ? sql`${users.deletedAt} is null and ` : sql``;
  return sql`(select ${users.id} from ${users} where ${live}(${users.searchText} like ${pattern} or ${users.companyId} in (select ${companies.id} from ${companies} where lower(${companies.name}) like ${pattern})))`;
}

/** In a query of `users`: the name of the account's company (a correlated subquery on its key). */
export const accountCompanyName = sql<string>`(select ${companies.name} from ${companies} where ${qualified(companies.id)} = ${qualified(users.companyId)})`;
