import { z } from 'zod';
import { idSchema, textSchema } from './common';
import { phoneSchema } from './phone';

/**
 * One schema per contact field: a person's name, e-mail, telephone, postcode and address lines are
 * entered on the profile, at registration, as an order's delivery contact, on the staff user form
 * and in the company settings — each place takes them with these schemas, so a value one form
 * accepts is never refused by another, and every refusal reads the same. The server validates
 * with them; the customer forms run the same schemas, the staff forms their `fieldProblem`.
 */

export { phoneSchema, PHONE_MESSAGE, isPhoneNumber } from './phone';

const required = (label: string, max: number) =>
  textSchema({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `At most ${max} characters`);
const optional = (max: number) => textSchema().trim().max(max, `At most ${max} characters`).optional().default('');

export const EMAIL_MESSAGE = 'Enter a valid e-mail address';

/** An e-mail address, trimmed and kept in lower case (accounts are found by it case-insensitively). */
export const emailSchema = textSchema({ message: 'E-mail is required' })
  .trim()
  .min(1, 'E-mail is required')
  .max(254, 'At most 254 characters')
  .pipe(z.email({ message: EMAIL_MESSAGE }))
  .transform((e) => e.toLowerCase());

export const POSTCODE_MESSAGE = 'Enter a postcode such as LS11 5QN: letters and digits, with a space or dash between';

/**
 * A postcode, UK or foreign: letters and digits, with single spaces or dashes between (LS11 5QN,
 * 75008, 1010-123, D02 X285). Kept as typed, trimmed; the server stores it upper-case, as Royal
 * Mail writes it. Not the UK pattern alone: delivery is international.
 */
export const postcodeSchema = required('Postcode', 12).pipe(z.string().regex(/^[A-Za-z0-9]+(?:[ -][A-Za-z0-9]+)*$/, POSTCODE_MESSAGE));

/** An optional telephone number: empty means none. */
const optionalPhone = phoneSchema().optional().default('');

/** The contact and address fields, each with its one rule. Required ones say so when empty. */
export const contactFields = {
  title: optional(20),
  firstname: required('First name', 60),
  lastname: required('Last name', 60),
  company_name: optional(120),
  email: emailSchema,
  telephone: optionalPhone,
  mobile: optionalPhone,
  address1: required('Address line 1', 120),
  address2: optional(120),
  town: required('Town', 80),
  county: optional(80),
  postcode: postcodeSchema,
  country_id: idSchema('Choose a country'),
};

export type ContactField = keyof typeof contactFields;

/** The message a field's value is refused with, or undefined when its rule accepts it (staff forms' `validate`). */
export function fieldProblem(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value === null || value === undefined ? '' : value);
  return result.success ? undefined : result.error.issues[0]?.message;
}
