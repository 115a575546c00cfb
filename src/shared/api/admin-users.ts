import { z } from 'zod';
import { profileFields, roleSchema, userSchema, type Role } from './accounts';

/** DESIGN §2: staff forms require the company name as well as the profile's required fields. */
const companyName = z
  .string({ message: 'Company name is required' })
  .trim()
  .min(1, 'Company name is required')
  .max(120, 'At most 120 characters');

/** react-admin sends null for an input the user emptied; for optional text that means "empty". */
export const nullAsEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === null ? '' : value), schema);

const { title, telephone, mobile, address2, county } = profileFields;

/** What staff enter for an account: the profile, the company name and the role. Never a password. */
export const adminUserFields = {
  ...profileFields,
  title: nullAsEmpty(title),
  telephone: nullAsEmpty(telephone),
  mobile: nullAsEmpty(mobile),
  address2: nullAsEmpty(address2),
  county: nullAsEmpty(county),
  company_name: companyName,
  role: roleSchema,
};

/** POST /api/admin/users: the account is created without a password and e-mailed a set-password link. */
export const adminUserCreateSchema = z.object(adminUserFields);
export type AdminUserCreateInput = z.input<typeof adminUserCreateSchema>;

/** PUT /api/admin/users/{id}: the same keys, each optional; read-only and unknown keys are ignored. */
export const adminUserUpdateSchema = z.object(adminUserFields);

/** A user as the staff area sees it. */
export const adminUserSchema = userSchema.extend({
  /** False until the person has followed their set-password link (or for social-only accounts). */
  password_set: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

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
