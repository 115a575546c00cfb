import { z } from 'zod';
import { COMPANY_ROLES } from '../domain/companies/roles';
import { PAYMENT_TERMS, CREDIT_LIMIT_MAX } from '../domain/payments/terms';
import { recordVersionSchema, wholeNumberSchema } from './common';
import { contactFields } from './fields';

/** GET /api/company: the member's company — its details, its terms and credit (staff's; shown), and the member's role. */
export const companySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The logo's address, or null; staff upload it. */
  logo: z.string().nullable(),
  address: z.object({
    address1: z.string(),
    address2: z.string(),
    town: z.string(),
    county: z.string(),
    postcode: z.string(),
    country_id: z.number().nullable(),
  }),
  payment_terms: z.enum(PAYMENT_TERMS),
  /** Pence; null: no limit. */
  credit_limit: z.number().nullable(),
  credit_days: z.number(),
  /** Whether members' new baskets are sent blind unless unticked. */
  blind_dispatch: z.boolean(),
  /** Pence: the approval limit of every buyer without one of their own; null: none. */
  approval_limit: z.number().nullable(),
  members_count: z.number(),
  /** The signed-in member's role in it. */
  role: z.enum(COMPANY_ROLES),
  /** The version it was read at: sent back with a change (a stale one answers 409). */
  version: z.number(),
});
export type Company = z.infer<typeof companySchema>;

const { address1, address2, town, county, postcode, country_id } = contactFields;

/**
 * PATCH /api/company (owners): the company's name, address, blind-dispatch default and the approval
 * limit of all its buyers (pence; null: none). Terms and credit are staff's. Each key optional.
 */
export const companyUpdateSchema = z.strictObject({
  name: z.string({ message: 'Enter the company name' }).trim().min(1, 'Enter the company name').max(120, 'At most 120 characters').optional(),
  address: z.strictObject({ address1, address2, town, county, postcode, country_id }, { message: 'Give the whole address' }).optional(),
  blind_dispatch: z.boolean({ message: 'Choose yes or no' }).optional(),
  approval_limit: wholeNumberSchema('The approval limit', 0, CREDIT_LIMIT_MAX, 'The approval limit must be from £0 to £1,000,000 (or empty for none)')
    .nullable()
    .optional(),
  version: recordVersionSchema,
});
export type CompanyUpdateInput = z.input<typeof companyUpdateSchema>;
