import type { FastifyPluginAsync } from 'fastify';
import { count, eq, and, isNull } from 'drizzle-orm';
import { companySchema, companyUpdateSchema, type Company } from '../../../shared/api/company';
import type { CompanyRole } from '../../../shared/domain/companies/roles';
import type { PaymentTerms } from '../../../shared/domain/payments/terms';
import type { Db } from '../../db/client';
import { companies, countries, users, type CompanyRow } from '../../db/schema';
import { billingOwnersOnly, requireUser, signedInOnly } from '../../lib/auth';
import { unprocessable } from '../../lib/domain-errors';
import { claimVersion, type RecordKind } from '../../lib/record-versions';
import type { ZodTypeProvider } from '../../lib/zod';
import { forgetCompanySessions } from '../accounts/sessions';

const COMPANY: RecordKind = { noun: 'company', missing: 'No such company.' };
const versioned = { table: companies, id: companies.id, version: companies.version };

/** The company as its members see it (the role is the asker's). */
export async function presentCompany(db: Db, company: CompanyRow, role: CompanyRole): Promise<Company> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.companyId, company.id), isNull(users.deletedAt)));
  return {
    id: company.id,
    name: company.name,
    logo: company.logo ? `/api/files/logos/${company.logo}` : null,
    address: {
      address1: company.address1,
      address2: company.address2,
      town: company.town,
      county: company.county,
      postcode: company.postcode,
      country_id: company.countryId,
    },
    payment_terms: company.paymentTerms as PaymentTerms,
    credit_limit: company.creditLimit,
    credit_days: company.creditDays,
    blind_dispatch: company.blindDispatch,
    approval_limit: company.approvalLimit,
    members_count: n,
    role,
    version: company.version,
  };
}

/**
 * The member's company (DESIGN §3 "Companies"): every member reads it; its owners change its name,
 * address, blind-dispatch default and the approval limit of all its buyers (version-checked: a change
 * read before another's is 409). Terms, credit and the logo are staff's.
 */
const companyRoutes: FastifyPluginAsync<{ db: Db }> = async (fastify, { db }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', signedInOnly);

  app.get('/api/company', { schema: { summary: 'Your company', response: { 200: companySchema } } }, async (request) => {
    const { user } = requireUser(request);
    // Read afresh: the session's copy may be a second old, and the answer carries the version to send back.
    const [company] = await db.select().from(companies).where(eq(companies.id, user.companyId));
    return presentCompany(db, company, user.companyRole as CompanyRole);
  });

  app.patch(
    '/api/company',
    {
      onRequest: billingOwnersOnly,
      schema: { summary: 'Change your company (owners)', body: companyUpdateSchema, response: { 200: companySchema } },
    },
    async (request) => {
      const { user } = requireUser(request);
      const { version, name, address, blind_dispatch: blindDispatch, approval_limit: approvalLimit } = request.body;
      if (address) {
        const [country] = await db
          .select({ id: countries.id })
          .from(countries)
          .where(and(eq(countries.id, address.country_id), eq(countries.active, true)));
        if (!country) throw unprocessable({ 'address.country_id': 'Choose a country from the list' });
      }
      const changes: Partial<typeof companies.$inferInsert> = {};
      if (name !== undefined) changes.name = name;
      if (address) {
        Object.assign(changes, {
          address1: address.address1,
          address2: address.address2,
          town: address.town,
          county: address.county,
          postcode: address.postcode.toUpperCase(),
          countryId: address.country_id,
        });
      }
      if (blindDispatch !== undefined) changes.blindDispatch = blindDispatch;
      if (approvalLimit !== undefined) changes.approvalLimit = approvalLimit;
      const company = await db.transaction(async (tx) => {
        await claimVersion(tx, versioned, user.companyId, version, COMPANY);
        const [row] = Object.keys(changes).length
          ? await tx.update(companies).set(changes).where(eq(companies.id, user.companyId)).returning()
          : await tx.select().from(companies).where(eq(companies.id, user.companyId));
        return row;
      });
      // Every member's next request sees the new name, default and limit.
      forgetCompanySessions(user.companyId);
      return presentCompany(db, company, user.companyRole as CompanyRole);
    },
  );
};

export default companyRoutes;
