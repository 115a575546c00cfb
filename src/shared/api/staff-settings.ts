import { z } from 'zod';
import { ROLES } from './accounts';
import { nullAsEmpty } from './staff-users';
import { textSchema } from './common';
import { emailSchema, phoneSchema } from './fields';
import { proofPricePence } from '../domain/pricing/proof';

/** A setting as the staff area sees and edits it (GET/PUT /api/admin/settings/{id}). */
export const staffSettingSchema = z.object({
  id: z.number(),
  name: z.string(),
  value: z.string(),
  description: z.string(),
  public: z.boolean(),
  updated_at: z.string(),
  /** The version it was read at: sent back with a change (a stale one answers 409). */
  version: z.number(),
});
export type StaffSetting = z.infer<typeof staffSettingSchema>;

export const SETTING_VALUE_MAX = 2000;

/** PUT: value, description and the public flag; the name is fixed (the code reads settings by name). */
export const staffSettingUpdateSchema = z.object({
  // An emptied input arrives as null: an empty value is allowed (an empty STATUS_TEXT hides the banner).
  value: nullAsEmpty(textSchema({ message: 'Enter a value' }).max(SETTING_VALUE_MAX, `At most ${SETTING_VALUE_MAX} characters`)),
  description: nullAsEmpty(textSchema({ message: 'Enter a description' }).trim().max(500, 'At most 500 characters')),
  public: z.boolean({ message: 'Choose whether anyone may read this setting' }),
});

const percent = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'A percentage such as 20 or 17.5')
  .refine((v) => Number(v) <= 100, 'At most 100');

/** Settings the server reads as more than text: their values must make sense (checked on save). */
export const SETTING_VALUE_RULES: Readonly<Record<string, z.ZodType<string>>> = {
  VAT_RATE: percent,
  ARTWORK_MAX_MB: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, 'A whole number of megabytes')
    .refine((v) => Number(v) >= 1 && Number(v) <= 2048, 'Between 1 and 2048'),
  STAFF_EMAIL: emailSchema,
  // The printer's own contact details, shown to customers (footer, /unauthorized): the same rules as every other e-mail and telephone field.
  COMPANY_EMAIL: emailSchema,
  COMPANY_PHONE: phoneSchema().refine((v) => v !== '', 'Enter the telephone number customers should call'),
  REGISTRATION_ROLE: z.enum(ROLES.filter((r) => r !== 'admin') as ['none', 'user', 'trade'], { message: 'One of: none, user, trade' }),
  INVOICE_PREFIX: textSchema().trim().max(20, 'At most 20 characters'),
  BANK_DETAILS: textSchema().trim().max(500, 'At most 500 characters'),
  QUOTE_VALID_DAYS: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, 'A whole number of days')
    .refine((v) => Number(v) >= 1 && Number(v) <= 365, 'Between 1 and 365'),
  CREDIT_HOLD_OVERDUE_DAYS: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, 'A whole number of days')
    .refine((v) => Number(v) <= 365, 'At most 365'),
  // Pounds and pence as staff type every money field; kept as "4.50" so that every reader sees one form.
  PROOF_PRICE: z
    .string()
    .trim()
    .refine((v) => proofPricePence(v) !== null, 'An amount in pounds from 0 (free) to 1000, e.g. 4.50')
    .transform((v) => {
      const pence = proofPricePence(v)!;
      return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
    }),
  CUTOFF_TIME: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A UK time as HH:MM, e.g. 12:00'),
};
