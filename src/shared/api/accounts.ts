import { COMPANY_ROLES } from '../domain/companies/roles';
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, ROLES } from './accounts-basics';
import { textSchema } from './common';
import { contactFields, emailSchema } from './fields';

// Roles and password limits live in accounts-basics.ts: no zod there, so the browser's first load can read them.
export { ROLES, CUSTOMER_ROUTE_ROLES, PASSWORD_MIN, PASSWORD_MAX, type Role } from './accounts-basics';
export const roleSchema = z.enum(ROLES, { message: 'Choose a role' });

export { emailSchema } from './fields';

export const passwordSchema = textSchema({ message: 'Password is required' })
  .min(PASSWORD_MIN, `At least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `At most ${PASSWORD_MAX} characters`);

/** A country id: a positive int4, as a number or a string of digits (an HTML select's value). */
export const countryIdSchema = contactFields.country_id;

/** Fields a customer keeps on their profile (DESIGN §2: required ones are marked): the shared contact fields. */
export const profileFields = contactFields;

/** The profile form; changing the e-mail needs the current password (the server says so on `current_password`). */
export const profileSchema = z.strictObject({
  ...profileFields,
  /** The account's default for new baskets (left out: unchanged). */
  blind_dispatch: z.boolean({ message: 'Choose yes or no' }).optional(),
  current_password: z.string().max(PASSWORD_MAX, `At most ${PASSWORD_MAX} characters`).optional(),
});
export type ProfileInput = z.input<typeof profileSchema>;

/** A form that sets a password asks for it twice; the second must match the first. */
const confirmed = <T extends { password: string; password_confirmation: string }>(v: T) => v.password === v.password_confirmation;
const MISMATCH = { path: ['password_confirmation'], message: 'The passwords do not match' };
const confirmation = (message: string) => z.string({ message });

export const registerSchema = z
  .strictObject({ ...profileFields, password: passwordSchema, password_confirmation: confirmation('Repeat the password') })
  .refine(confirmed, MISMATCH);
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.strictObject({
  email: emailSchema,
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX, `At most ${PASSWORD_MAX} characters`),
  remember: z.boolean().optional().default(false),
});
export type LoginInput = z.input<typeof loginSchema>;
/** GET /api/register: what a visitor about to register is told — whether staff approve each new account before it may order. */
export const registrationInfoSchema = z.object({ approval_required: z.boolean() });
export type RegistrationInfo = z.infer<typeof registrationInfoSchema>;

/** Login and registration answer the new session's token. */
export const tokenResponseSchema = z.object({ token: z.string() });

export const changePasswordSchema = z
  .strictObject({
    current_password: z.string({ message: 'Enter your current password' }).min(1, 'Enter your current password').max(PASSWORD_MAX),
    password: passwordSchema,
    password_confirmation: confirmation('Repeat the new password'),
  })
  .refine(confirmed, MISMATCH);
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const passwordEmailSchema = z.strictObject({ email: emailSchema });
export type PasswordEmailInput = z.input<typeof passwordEmailSchema>;

export const passwordResetSchema = z
  .strictObject({
    token: textSchema({ message: 'The reset link is incomplete' }).min(16, 'The reset link is incomplete').max(200),
    password: passwordSchema,
    password_confirmation: confirmation('Repeat the new password'),
  })
  .refine(confirmed, MISMATCH);
export type PasswordResetInput = z.input<typeof passwordResetSchema>;

/** The current user as GET /api/user answers it. */
export const userSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: roleSchema,
  title: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  company_name: z.string(),
  company_logo: z.string().nullable(),
  telephone: z.string(),
  mobile: z.string(),
  address1: z.string(),
  address2: z.string(),
  town: z.string(),
  county: z.string(),
  postcode: z.string(),
  country_id: z.number().nullable(),
  /** Whether a new basket is sent blind (under the customer's name, no printer branding) unless unticked. */
  blind_dispatch: z.boolean(),
  /** The company the account belongs to, and what it may do there (shared/domain/companies/roles.ts). */
  company_id: z.number(),
  company_role: z.enum(COMPANY_ROLES),
  /** Pence: the buyer's own approval limit; null: the company's limit for all buyers (or none). */
  approval_limit: z.number().nullable(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** A plain confirmation, e.g. after a reset e-mail is requested. */
export const messageSchema = z.object({ message: z.string() });

/** An action that has nothing to answer but that it was done. */
export const okSchema = z.object({ ok: z.literal(true) });
