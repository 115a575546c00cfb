import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { agedDebtRowSchema, statementPeriodQuerySchema, statementSchema, type AgedDebtRow } from '../../../shared/api/statements';
import { ukToday } from '../../../shared/domain/orders/overdue';
import { monthOf } from '../../../shared/domain/payments/statement';
import { attachment } from '../../lib/attachment';
import { requireUser, signedInOnly, staffRoutes } from '../../lib/auth';
import { unprocessable } from '../../lib/domain-errors';
import { contentRange, listQuerystring, MAX_UNPAGED } from '../../lib/rest-list';
import { fileAnswer, type ZodTypeProvider } from '../../lib/zod';
import { requireCustomerRole } from '../prices/service';
import { AGED_DEBT_SORTS, agedDebtCsv, type AgedDebtSort, type StatementsService } from './statements';

/** `GET /api/statement` (DESIGN §2): the signed-in customer's own statement of a period, this calendar month by default. */
export const statementRoutes: FastifyPluginAsync<{ statements: StatementsService }> = async (fastify, { statements }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', signedInOnly);
  app.get(
    '/api/statement',
    {
      schema: {
        summary:
          "The customer's statement of a period (from–to, both included; at most 366 days; default this month): opening balance, lines, closing balance, aged debt today",
        querystring: statementPeriodQuerySchema,
        response: { 200: statementSchema },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      requireCustomerRole(user);
      const today = ukToday();
      const { from, to } = request.query.from && request.query.to ? { from: request.query.from, to: request.query.to } : monthOf(today);
      return statements.statement(user.id, from, to, today);
    },
  );
};

/** Search: every word typed must occur in the customer's name, company or e-mail; `id`: one customer's row (their page); `on_hold`: those held by credit control. */
const agedDebtFilter = z
  .object({
    q: z.string().max(200, 'At most 200 characters').optional(),
    id: z.coerce.number({ message: 'Must be a whole number' }).int('Must be a whole number').optional(),
    on_hold: z.boolean({ message: 'Either true or false' }).optional(),
  })
  .strict();

/** The report's rows, searched and sorted as asked (every customer with a balance: a few hundred rows at most, sorted here). */
function arrange(rows: AgedDebtRow[], query: z.output<typeof listQuerystring>): AgedDebtRow[] {
  const errors: Record<string, string> = {};
  const [field, order] = query.sort ?? ['total', 'DESC'];
  if (!(AGED_DEBT_SORTS as readonly string[]).includes(field)) errors.sort = `Cannot sort by "${field}"; sort by one of: ${AGED_DEBT_SORTS.join(', ')}`;
  const filter = agedDebtFilter.safeParse(query.filter ?? {});
  if (!filter.success)
    for (const issue of filter.error.issues) errors[`filter.${issue.path.join('.') || (issue as { keys?: string[] }).keys?.[0] || 'q'}`] = issue.message;
  if (Object.keys(errors).length) throw unprocessable(errors, 'The given data was invalid.');
  const words = (filter.data?.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const only = filter.data?.id;
  const found = rows.filter((r) => {
    if (only !== undefined && r.id !== only) return false;
    if (filter.data?.on_hold !== undefined && (r.on_hold_reason !== null) !== filter.data.on_hold) return false;
    const text = `${r.name} ${r.company} ${r.email}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
  const key = field as AgedDebtSort;
  const sign = order === 'DESC' ? -1 : 1;
  return found.sort((a, b) => {
    const [x, y] = [a[key], b[key]];
    const by = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'en-GB');
    return sign * by || a.id - b.id;
  });
}

/**
 * `GET /api/admin/aged-debt` in the staff list protocol (sort, range, `filter={"q":…}`): a row per
 * customer who owes or holds credit, with what they owe by days past due today; and the same as a
 * CSV at `/api/admin/aged-debt.csv` for the accountant.
 */
export const agedDebtStaffRoutes = staffRoutes<{ statements: StatementsService }>((app, { statements }) => {
  app.get(
    '/api/admin/aged-debt',
    {
      schema: {
        summary: 'What every customer owes by days past due today (current, 1–30, 31–60, 61–90, over 90), and their unallocated credit',
        querystring: listQuerystring,
        response: { 200: z.array(agedDebtRowSchema) },
      },
    },
    async (request, reply) => {
      const rows = arrange(await statements.agedDebt(), request.query);
      const [first, last] = request.query.range ?? [0, MAX_UNPAGED - 1];
      const page = rows.slice(first, last + 1);
      reply.header(
        'content-range',
        contentRange('aged-debt', { offset: first, where: undefined, orderBy: [], limit: last - first + 1 }, page.length, rows.length),
      );
      return page;
    },
  );

  app.get(
    '/api/admin/aged-debt.csv',
    {
      schema: {
        summary: 'The aged-debt report as CSV (the same search and sort as the list)',
        querystring: listQuerystring,
        response: { 200: fileAnswer('text/csv') },
      },
    },
    async (request, reply) => {
      const rows = arrange(await statements.agedDebt(), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`aged-debt-${ukToday()}.csv`))
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(agedDebtCsv(rows), 'utf8'));
    },
  );
});
