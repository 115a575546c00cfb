import { and, eq, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PlacedBy } from '../../shared/api/common';
import type { Db } from './client';
import { orders, users, type UserRow } from './schema';

/*
 * What a member of a customer's company sees (DESIGN §2 "Companies"): the rows of their company —
 * its orders, invoices, quotes, tickets and addresses, whoever of its members made them — except
 * baskets, which are their maker's until confirmed. Every customer read and write finds its row
 * through these, so another company's row is simply not found (404), never refused.
 */

/** The signed-in member: their own id (their baskets) and their company's. */
export type Member = Pick<UserRow, 'id' | 'companyId'>;

/** A member as a row, or only their account's id (the company is then read with the row, by the primary key of users). */
export type MemberRef = Member | number;

const companyOf = (member: MemberRef): SQL | number =>
  typeof member === 'number' ? sql`(select ${users.companyId} from ${users} where ${users.id} = ${member})` : member.companyId;
const idOf = (member: MemberRef): number => (typeof member === 'number' ? member : member.id);

/** The row's `company_id` column is the member's company. */
export function ofCompany(column: AnyPgColumn, member: MemberRef): SQL {
  return eq(column, companyOf(member));
}

/**
 * The orders a member sees: every confirmed order of their company, whoever placed it, their own
 * baskets, and a colleague's basket sent for an owner's approval (frozen while it waits: no one changes it).
 */
export function companyOrders(member: MemberRef): SQL {
  return and(ofCompany(orders.companyId, member), or(ne(orders.status, 'basket'), eq(orders.userId, idOf(member)), isNotNull(orders.approvalRequestedAt)))!;
}

/**
 * The member who placed an order, as a reader of it in the order's company — which they may have
 * left since (the order stayed the company's): how staff, mail and webhooks present an order.
 */
export const asPlacer = <T extends Member>(placer: T, order: { companyId: number }): T => ({ ...placer, companyId: order.companyId });

/** The members who made these rows, by id, as the screens name them ("Placed by Sam Printer"). One query. */
export async function placedByOf(db: Db, userIds: number[]): Promise<Map<number, PlacedBy>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map();
  const rows = await db.select({ id: users.id, firstname: users.firstname, lastname: users.lastname }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, { id: r.id, name: `${r.firstname} ${r.lastname}`.trim() }]));
}

/** Who made a row, from placedByOf's answer (an account gone from the table reads as nameless). */
export const placedBy = (names: Map<number, PlacedBy>, userId: number): PlacedBy => names.get(userId) ?? { id: userId, name: '' };
