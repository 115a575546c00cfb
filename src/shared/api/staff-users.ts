import { z } from 'zod';
import { profileFields, roleSchema, userSchema, type Role } from './accounts';
import { textSchema, wholeNumberSchema } from './common';
import { CREDIT_DAYS_MAX, CREDIT_DAYS_MIN, CREDIT_LIMIT_MAX, PAYMENT_TERMS } from '../domain/payments/terms';

/**
 * The company name is optional (customers and accounts awaiting approval may be people, not firms);
 * a trade account needs it, since trade terms are a business's (approving a self-registered account
 * does not make staff invent one). See TRADE_NEEDS_COMPANY below.
 */
const companyName = textSchema({ message: 'Enter the company name' }).trim().max(120, 'At most 120 characters');

/** react-admin sends null for an input the user emptied; for optional text that means "empty". */
export const nullAsEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === null ? '' : value), schema);

const { title, telephone, mobile, address2, county } = profileFields;

/**
 * How the customer pays (DESIGN §2 "Payment terms…"). Left out when creating an account: it gets the
 * install's DEFAULT_PAYMENT_TERMS. The credit limit is in pence; null (an emptied input) is no limit.
 */
export const paymentTermsFields = {
  // An emptied choice keeps what the account has (a new one: the default), as react-admin sends it.
  payment_terms: z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    z.enum(PAYMENT_TERMS, { message: 'Choose card or account' }).optional(),
  ),
  credit_limit: wholeNumberSchema('The credit limit', 0, CREDIT_LIMIT_MAX, 'The credit limit must be from £0 to £1,000,000 (or empty for no limit)')
    .nullable()
    .optional(),
  // Emptied, the days stay as they are (a new account: the default, 30).
  credit_days: z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    wholeNumberSchema(
      'Credit days',
      CREDIT_DAYS_MIN,
      CREDIT_DAYS_MAX,
      `Credit days must be a whole number from ${CREDIT_DAYS_MIN} to ${CREDIT_DAYS_MAX}`,
    ).optional(),
  ),
};

/** What staff enter for an account: the profile, the company name and the role. Never a password. */
export const staffUserFields = {
  ...profileFields,
  title: nullAsEmpty(title),
  telephone: nullAsEmpty(telephone),
  mobile: nullAsEmpty(mobile),
  address2: nullAsEmpty(address2),
  county: nullAsEmpty(county),
  company_name: nullAsEmpty(companyName.optional().default('')),
  role: roleSchema,
  ...paymentTermsFields,
  // Left out (or emptied): unchanged; a new account: not blind.
  blind_dispatch: z.preprocess((value) => (value === null ? undefined : value), z.boolean({ message: 'Choose yes or no' }).optional()),
};

/** The message of a trade account without a company name, on `company_name`. */
export const TRADE_NEEDS_COMPANY = 'A trade account needs its company name';

/**
 * Where the company name is really required: on a trade account (whatever else it is). A rule on the
 * account as it ends up (a PUT may send the role alone), so the server checks it on the merged
 * record and the staff form on its values; answers the field errors, or null.
 */
export function companyNameProblem(user: { role?: string | null; company_name?: string | null }): { company_name: string } | null {
  return user.role === 'trade' && !user.company_name?.trim() ? { company_name: TRADE_NEEDS_COMPANY } : null;
}

/** POST /api/admin/users: the account is created without a password and e-mailed a set-password link. */
export const staffUserCreateSchema = z.object(staffUserFields);
export type StaffUserCreateInput = z.input<typeof staffUserCreateSchema>;

/**
 * PUT /api/admin/users/{id}: the same keys, each optional; read-only and unknown keys are ignored.
 * The company's name, terms, credit and blind dispatch are its company's: a change to them is checked
 * against `company_version` (the company as the form read it; a stale one answers 409).
 */
export const staffUserUpdateSchema = z.object({ ...staffUserFields, company_version: z.number().int().positive().optional() });

/** A user as the staff area sees it. */
export const staffUserSchema = userSchema.extend({
  /** False until the person has followed their set-password link (or for social-only accounts). */
  password_set: z.boolean(),
  /** The version it was read at: sent back with a change (a stale one answers 409). */
  version: z.number(),
  payment_terms: z.enum(PAYMENT_TERMS),
  /** Pence; null: no limit. */
  credit_limit: z.number().nullable(),
  credit_days: z.number(),
  /** The version of the account's company as read: sent back with a change to its name, terms or credit. */
  company_version: z.number(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

/** How each role reads to staff. */
export const ROLE_LABELS: Record<Role, string> = {
  none: 'No access (awaiting approval)',
  user: 'Customer',
  trade: 'Trade customer',
  admin: 'Staff (admin)',
};

/** Logo uploads (DESIGN §2): images only, checked by content; stored at most this wide, never upscaled. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_MAX_WIDTH = 800;
/** The upload field of POST /api/admin/users/{id}/logo (multipart/form-data). */
export const LOGO_FIELD = 'file';
/** What the file picker offers; the server decides by the bytes, not by this list or the name. */
export const LOGO_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';
