import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { idParam } from '../../../shared/api/common';
import { staffCompanyListItemSchema, staffCompanySchema, staffMoveSchema, type StaffCompanyListItem } from '../../../shared/api/company-members';
import type { AppDeps } from '../../deps';
import { companies } from '../../db/schema';
import { staffRoutes } from '../../lib/auth';
import { fieldsOf, type ListSpec } from '../../lib/list-query';
import { staffResource } from '../../lib/staff-resource';
import type { CompanyMembersService } from './members';

const userParams = z.object({ id: idParam('No such user.') });

/** Live members per company, for the staff list and its picker. */
// Written out with an alias: drizzle leaves a single table's columns unqualified, which inside the subquery would name the users' own.
const membersCount = sql<number>`(select count(*) from "users" "m" where "m"."company_id" = "companies"."id" and "m"."deleted_at" is null)`.mapWith(Number);
const listColumns = { id: companies.id, name: companies.name, members_count: membersCount };

/** The staff list of companies (the picker of "Move to another company"): by name, `q` searches the name. */
const companiesListSpec: ListSpec<StaffCompanyListItem, StaffCompanyListItem> = {
  table: companies,
  select: listColumns,
  present: (rows) => rows,
  fields: fieldsOf(companies, { id: 'int', name: 'text' }),
  sortable: ['id', 'name'],
  defaultSort: ['name', 'ASC'],
  searchText: sql`lower(${companies.name})`,
  id: companies.id,
};

/**
 * Staff's view of companies (DESIGN §2 "Companies"): the companies list, an account's company with
 * its members, and the move of an account to another company (its staff record version checked).
 */
const companyStaffRoutes = staffRoutes<Pick<AppDeps, 'db'> & { members: CompanyMembersService }>((app, { db, members }) => {
  staffResource(app, db, 'companies', staffCompanyListItemSchema, {
    list: companiesListSpec,
    get: async (id) => {
      const [row] = await db.select(listColumns).from(companies).where(eq(companies.id, id)).limit(1);
      return row ?? null;
    },
  });

  app.get(
    '/api/admin/users/:id/company',
    { schema: { summary: 'An account’s company and its members', params: userParams, response: { 200: staffCompanySchema } } },
    async (request) => members.staffCompanyOf(request.params.id),
  );

  app.post(
    '/api/admin/users/:id/company',
    {
      schema: {
        summary: 'Move an account to another company',
        description:
          'With its role there. Its sessions end; its orders and invoices stay with the company they were made in, its unconfirmed baskets go with it. A stale `version` answers 409; the only owner of a company with other members is refused 422.',
        params: userParams,
        body: staffMoveSchema,
        response: { 200: staffCompanySchema },
      },
    },
    async (request) => members.staffMove(request.params.id, request.body),
  );
});

export default companyStaffRoutes;
