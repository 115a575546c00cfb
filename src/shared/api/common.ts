import { z } from 'zod';

/**
 * The building blocks every schema of the API shares: text that PostgreSQL can store, and ids and
 * whole numbers that fit its `integer` (int4) columns. A value outside them answers 422, never a
 * database error.
 */

/** PostgreSQL `integer` bounds: every id column and whole-number column of the schema is an int4. */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;

/** PostgreSQL text cannot hold the NUL character (U+0000). */
export const NUL_MESSAGE = 'This text contains a character that is not allowed (NUL).';
export const hasNoNul = (text: string): boolean => !text.includes('\u0000');

/** A string without NUL characters; chain `.trim()`, `.min()`, `.max()` as on `z.string()`. */
export const textSchema = (params?: Parameters<typeof z.string>[0]) => z.string(params).refine(hasNoNul, NUL_MESSAGE);

/** An id is digits only: `1e0`, `0x1`, ` 1`, `+1` and `1.0` are not ids. */
export const ID_DIGITS = /^\d{1,10}$/;

/**
 * A record id in a body: a positive int4, as a JSON number or — as an HTML select sends it — a
 * string of digits.
 */
export function idSchema(message = 'Not a record id') {
  return z.union([z.number(), z.string()], { message }).transform((value, ctx) => {
    const n = typeof value === 'number' ? value : ID_DIGITS.test(value) ? Number(value) : Number.NaN;
    if (!Number.isInteger(n) || n < 1 || n > INT4_MAX) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });
}

/** A record id in a path (`/api/admin/users/:id`): digits only, a positive int4. */
export function idParam(message = 'Not a record id') {
  return z.string({ message }).regex(ID_DIGITS, message).transform(Number).pipe(z.number().int().min(1, message).max(INT4_MAX, message));
}

/** A whole number in [min, max], as a JSON number or — as forms send it — a string of digits. */
export function wholeNumberSchema(label: string, min: number, max: number, message = `${label} must be a whole number from ${min} to ${max}`) {
  return z.union([z.number(), z.string()], { message: `${label} is required` }).transform((value, ctx) => {
    const n = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });
}

/** Required text, trimmed, at most `max` characters. */
export const requiredText = (label: string, max: number) =>
  textSchema({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `At most ${max} characters`);

/** Optional text: null (a cleared react-admin input) means empty; trimmed, at most `max` characters. */
export const nullableText = (max: number) =>
  z
    .union([z.string(), z.null()], { message: 'Must be text' })
    .transform((v) => (v ?? '').trim())
    .pipe(textSchema().max(max, `At most ${max} characters`));

/** Optional text that is empty when left out. */
export const optionalText = (max: number) => nullableText(max).optional().default('');

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (value: string) => {
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value && value >= '2000-01-01' && value <= '2200-12-31';
};

/**
 * An optional bound of a range of days (a UK civil date): absent, empty or null means no bound;
 * otherwise a real date written YYYY-MM-DD. `which` names it in the message ("the first day").
 */
export const optionalDaySchema = (which: 'first' | 'last') =>
  z
    .union([z.string(), z.null()], { message: `Give the ${which} day as a date, e.g. 2025-01-31, or leave it empty` })
    .optional()
    .transform((value, ctx) => {
      const day = (value ?? '').trim();
      if (day === '') return undefined;
      if (!DAY.test(day) || !isRealDay(day)) {
        ctx.addIssue({ code: 'custom', message: `Give the ${which} day as a date, e.g. 2025-01-31, or leave it empty` });
        return z.NEVER;
      }
      return day;
    });

/** A range's first day may not come after its last (`from`, `to`): said beside the last day. */
export const daysInOrder = (value: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (value.from && value.to && value.from > value.to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day must be on or after the first day' });
  }
};

/**
 * The version a staff record was read at, sent back with each write to it (optimistic concurrency,
 * as orders have it): the server refuses a write at an older version with 409.
 */
export const recordVersionSchema = wholeNumberSchema('The version', 1, INT4_MAX, 'The version the record was read at is required: reload it');

/** What a refused stale write says (409): someone else saved the record after it was read. */
export function staleRecordMessage(noun: string, action: 'save' | 'delete' = 'save'): string {
  return action === 'save'
    ? `Someone else changed this ${noun} since you opened it. Reload it to see their changes; what you typed is kept.`
    : `Someone else changed this ${noun} since you opened it. Reload it to see their changes before you delete it.`;
}

/**
 * The member of the customer's company who placed an order, raised a ticket or saved a quote
 * (DESIGN §2 "Companies": members see each other's): what the screens show as "Placed by".
 */
export const placedBySchema = z.object({ id: z.number(), name: z.string() });
export type PlacedBy = z.infer<typeof placedBySchema>;
