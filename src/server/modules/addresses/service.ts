import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ADDRESS_BOOK_MAX,
  addressCreateSchema,
  type AddressImport,
  type AddressList,
  type addressListQuerySchema,
  type addressUpdateSchema,
  type SavedAddress,
} from '../../../shared/api/addresses';
import type { Address } from '../../../shared/api/orders';
import type { Db } from '../../db/client';
import { ofCompany } from '../../db/company-scope';
import { addresses, countries, type AddressRow } from '../../db/schema';
import { notFound, unprocessable, uniqueAsFieldError } from '../../lib/domain-errors';
import { containing } from '../../lib/list-query';
import { addressColumns, addressFields } from '../../lib/postal-address';
import { readAddressFile, type ImportLine } from './import-file';

type CreateInput = z.output<typeof addressCreateSchema>;
type UpdateInput = z.output<typeof addressUpdateSchema>;
type ListQuery = z.output<typeof addressListQuerySchema>;

const NO_SUCH_ADDRESS = 'No such address.';
/** What a second default, slipped past the clearing by a concurrent write, is told. */
const ONE_DEFAULT = { is_default: 'Another address was made the default at the same moment: reload and try again.' };

/** The country a row without one is in: the printer is in the UK, and most of its customers' clients are. */
const HOME_COUNTRY = 'GB';

/** Columns of a saved address as the addresses table names them (the same mapping as profiles and orders). */
const columnsOf = (a: Address) => ({ ...addressColumns(a), countryId: a.country_id, email: a.email });

/** The address as an order takes it (addressSchema's output): what `resolve` hands the orders. */
const orderAddressOf = (row: AddressRow): Address => ({ ...addressFields(row), country_id: row.countryId, email: row.email });

function present(row: AddressRow, countryName: string): SavedAddress {
  return {
    id: row.id,
    ...orderAddressOf(row),
    country_id: row.countryId,
    country_name: countryName,
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const selection = { row: addresses, countryName: countries.name };

/** The message of a bad import row: each refused column with its message ("postcode: Enter a postcode…"). */
const rowMessage = (errors: Record<string, string>) =>
  Object.entries(errors)
    .map(([field, message]) => `${field}: ${message}`)
    .join('; ');

const YES = new Set(['1', 'yes', 'y', 'true']);
const NO = new Set(['', '0', 'no', 'n', 'false']);

/** A saved address's identity for spotting a row already in the book: who and where, spacing and case aside. */
const sameAddressKey = (a: { firstname: string; lastname: string; company_name: string; address1: string; postcode: string; country_id: number }) =>
  [a.firstname, a.lastname, a.company_name, a.address1, a.postcode, a.country_id].map((v) => String(v).toLowerCase().replace(/\s+/g, '')).join('|');

/**
 * The customer's saved delivery addresses (DESIGN §2 "Addresses"): kept, searched, edited, one made
 * the default, imported from a spreadsheet, and resolved for an order (`address_id`). Every address
 * is its owner's alone: another customer's answers as missing.
 */
export function addressesService({ db }: { db: Db }) {
  /** The active country of an id, or the field error every address form shows. */
  async function countryName(tx: Db, countryId: number): Promise<string> {
    const [row] = await tx
      .select({ name: countries.name })
      .from(countries)
      .where(and(eq(countries.id, countryId), eq(countries.active, true)));
    if (!row) throw unprocessable({ country_id: 'Choose a country from the list' });
    return row.name;
  }

  async function own(tx: Db, userId: number, id: number, lock = false): Promise<{ row: AddressRow; countryName: string }> {
    const query = tx
      .select(selection)
      .from(addresses)
      .innerJoin(countries, eq(countries.id, addresses.countryId))
      .where(and(eq(addresses.id, id), ofCompany(addresses.companyId, userId)));
    const [found] = lock ? await query.for('update', { of: addresses }) : await query;
    if (!found) throw notFound(NO_SUCH_ADDRESS);
    return found;
  }

  /** Unmarks the company's default (but `exceptId`), in the transaction that marks another: one default per company. */
  async function clearDefault(tx: Db, userId: number, exceptId?: number): Promise<void> {
    const where = [ofCompany(addresses.companyId, userId), eq(addresses.isDefault, true)];
    if (exceptId !== undefined) where.push(ne(addresses.id, exceptId));
    await tx
      .update(addresses)
      .set({ isDefault: false, updatedAt: new Date() })
      .where(and(...where));
  }

  /** Refuses adding `adding` addresses to a full book: beside the import's file, or for the whole form when one is added. */
  async function assertRoom(tx: Db, userId: number, adding: number, field?: 'file'): Promise<void> {
    const [{ n }] = await tx.select({ n: count() }).from(addresses).where(ofCompany(addresses.companyId, userId));
    if (n + adding <= ADDRESS_BOOK_MAX) return;
    const message = `An address book holds at most ${ADDRESS_BOOK_MAX.toLocaleString('en-GB')} addresses; yours has ${n.toLocaleString('en-GB')}. Delete some first.`;
    throw unprocessable(field ? { [field]: message } : {}, message);
  }

  const oneDefault = uniqueAsFieldError('addresses_one_default_idx', ONE_DEFAULT);

  /** Every country by id, ISO code and lower-case name: an import's `country` column names one either way. */
  async function countryIndex(tx: Db) {
    const rows = await tx.select({ id: countries.id, code: countries.code, name: countries.name, active: countries.active }).from(countries);
    const byKey = new Map<string, (typeof rows)[number]>();
    for (const c of rows) {
      byKey.set(c.code.toLowerCase(), c);
      byKey.set(c.name.toLowerCase(), c);
    }
    return { byId: new Map(rows.map((c) => [c.id, c])), byKey };
  }

  /** Judges each row of an import on its own: the good ones as they would be saved, a message per bad one. */
  async function judge(tx: Db, userId: number, lines: ImportLine[]): Promise<Pick<AddressImport, 'good' | 'errors'>> {
    const { byId, byKey } = await countryIndex(tx);
    const existing = await tx.select().from(addresses).where(ofCompany(addresses.companyId, userId));
    const seen = new Map(existing.map((r) => [sameAddressKey({ ...orderAddressOf(r), country_id: r.countryId }), 0]));
    const good: AddressImport['good'] = [];
    const errors: AddressImport['errors'] = [];
    let defaultRow: number | undefined;
    for (const { row, cells } of lines) {
      const problems: Record<string, string> = {};
      let countryId: number | undefined;
      const named = cells.country?.trim();
      if (cells.country_id?.trim()) {
        const c = /^\d{1,9}$/.test(cells.country_id.trim()) ? byId.get(Number(cells.country_id.trim())) : undefined;
        if (c?.active) countryId = c.id;
        else problems.country_id = 'Not one of our countries: give the country as an ISO code (GB) or its name';
      } else if (named) {
        const c = byKey.get(named.toLowerCase());
        if (!c) problems.country = `"${named}" is not a country we know: give an ISO code such as GB, or the country's name`;
        else if (!c.active) problems.country = `We do not deliver to ${c.name}`;
        else countryId = c.id;
      } else {
        countryId = byKey.get(HOME_COUNTRY.toLowerCase())?.id;
      }
      const flag = (cells.is_default ?? '').trim().toLowerCase();
      if (!YES.has(flag) && !NO.has(flag)) problems.is_default = 'Write yes or no';
      const parsed = addressCreateSchema.safeParse({
        firstname: cells.firstname ?? '',
        lastname: cells.lastname ?? '',
        company_name: cells.company_name ?? '',
        telephone: cells.telephone ?? '',
        email: cells.email ?? '',
        address1: cells.address1 ?? '',
        address2: cells.address2 ?? '',
        town: cells.town ?? '',
        county: cells.county ?? '',
        postcode: cells.postcode ?? '',
        country_id: countryId ?? 0,
        is_default: YES.has(flag),
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? 'row');
          // The country's own message above says more than "Choose a country".
          if (field === 'country_id' && (problems.country || problems.country_id)) continue;
          problems[field] ??= issue.message;
        }
      }
      if (Object.keys(problems).length || !parsed.success) {
        errors.push({ row, message: rowMessage(problems) });
        continue;
      }
      const address = parsed.data;
      const key = sameAddressKey(address);
      const before = seen.get(key);
      if (before !== undefined) {
        errors.push({ row, message: before === 0 ? 'This address is already in your address book' : `The same address as row ${before}` });
        continue;
      }
      if (address.is_default && defaultRow !== undefined) {
        errors.push({ row, message: `is_default: Only one address can be the default, and row ${defaultRow} already is` });
        continue;
      }
      seen.set(key, row);
      if (address.is_default) defaultRow = row;
      good.push({ row, address: { ...address, country_id: address.country_id, country_name: byId.get(address.country_id)!.name } });
    }
    return { good, errors };
  }

  return {
    /** A page of the company's address book (its members share it), the default first then by name; `q` matches name, company, postcode (spaces aside) or town. */
    async list(userId: number, query: ListQuery): Promise<AddressList> {
      const where: SQL[] = [ofCompany(addresses.companyId, userId)];
      const q = query.q?.trim();
      if (q) {
        const like = containing(q);
        const arms = [
          ilike(sql`${addresses.firstname} || ' ' || ${addresses.lastname}`, like),
          ilike(addresses.companyName, like),
          ilike(addresses.town, like),
        ];
        const compact = q.replace(/\s+/g, '').toLowerCase();
        if (compact) arms.push(sql`replace(lower(${addresses.postcode}), ' ', '') like ${containing(compact)}`);
        where.push(or(...arms)!);
      }
      const condition = and(...where);
      const [{ total }] = await db.select({ total: count() }).from(addresses).where(condition);
      const rows = await db
        .select(selection)
        .from(addresses)
        .innerJoin(countries, eq(countries.id, addresses.countryId))
        .where(condition)
        .orderBy(desc(addresses.isDefault), asc(sql`lower(${addresses.lastname})`), asc(sql`lower(${addresses.firstname})`), asc(addresses.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page);
      return { data: rows.map((r) => present(r.row, r.countryName)), total, page: query.page, per_page: query.per_page };
    },

    async get(userId: number, id: number): Promise<SavedAddress> {
      const found = await own(db, userId, id);
      return present(found.row, found.countryName);
    },

    async create(userId: number, input: CreateInput): Promise<SavedAddress> {
      return oneDefault(() =>
        db.transaction(async (tx) => {
          const name = await countryName(tx, input.country_id);
          await assertRoom(tx, userId, 1);
          if (input.is_default) await clearDefault(tx, userId);
          const [row] = await tx
            .insert(addresses)
            .values({ userId, ...columnsOf(input), isDefault: input.is_default })
            .returning();
          return present(row, name);
        }),
      );
    },

    /** Changes the fields given; `is_default: true` unmarks the customer's other default in the same transaction. */
    async update(userId: number, id: number, input: UpdateInput): Promise<SavedAddress> {
      return oneDefault(() =>
        db.transaction(async (tx) => {
          const { row } = await own(tx, userId, id, true);
          const merged: Address = { ...orderAddressOf(row), country_id: row.countryId };
          for (const [key, value] of Object.entries(input)) {
            if (value !== undefined && key !== 'is_default') (merged as Record<string, unknown>)[key] = value;
          }
          const name = await countryName(tx, merged.country_id);
          if (input.is_default) await clearDefault(tx, userId, id);
          const [updated] = await tx
            .update(addresses)
            .set({ ...columnsOf(merged), ...(input.is_default !== undefined ? { isDefault: input.is_default } : {}), updatedAt: new Date() })
            .where(eq(addresses.id, id))
            .returning();
          return present(updated, name);
        }),
      );
    },

    /** Deletes one address, answering it as it was. Orders copied it, so none of them changes. */
    async remove(userId: number, id: number): Promise<SavedAddress> {
      return db.transaction(async (tx) => {
        const { row, countryName: name } = await own(tx, userId, id, true);
        await tx.delete(addresses).where(eq(addresses.id, id));
        return present(row, name);
      });
    },

    /**
     * The saved address `id` as an order's delivery address (the trade API's `address_id`), or
     * NotFound when it is not this customer's.
     */
    async resolve(userId: number, addressId: number): Promise<Address> {
      return orderAddressOf((await own(db, userId, addressId)).row);
    },

    /** The company's default address as an order takes it, or null when none is marked. */
    async defaultFor(userId: number): Promise<Address | null> {
      const [row] = await db
        .select()
        .from(addresses)
        .where(and(ofCompany(addresses.companyId, userId), eq(addresses.isDefault, true)));
      return row ? orderAddressOf(row) : null;
    },

    /**
     * Reads a CSV of addresses and judges every row. With `apply` the good rows are stored in one
     * transaction (a good row marked as the default becomes it); without, nothing is stored.
     */
    async importCsv(userId: number, text: string, apply: boolean): Promise<AddressImport> {
      const file = readAddressFile(text);
      if (file.error) throw unprocessable({ file: file.error });
      const run = async (tx: Db) => {
        const { good, errors } = await judge(tx, userId, file.lines);
        if (apply && good.length) {
          await assertRoom(tx, userId, good.length, 'file');
          if (good.some((g) => g.address.is_default)) await clearDefault(tx, userId);
          await tx.insert(addresses).values(good.map(({ address }) => ({ userId, ...columnsOf(address), isDefault: address.is_default })));
        }
        return { rows: file.lines.length, good, errors, applied: apply && good.length > 0 };
      };
      return apply ? oneDefault(() => db.transaction(run)) : run(db);
    },
  };
}

export type AddressesService = ReturnType<typeof addressesService>;
