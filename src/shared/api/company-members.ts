import { z } from 'zod';
import { COMPANY_ROLES } from '../domain/companies/roles';
import { passwordSchema } from './accounts';
import { idSchema, INT4_MAX, recordVersionSchema, requiredText, textSchema } from './common';
import { emailSchema } from './fields';

/**
 * A company's members and invitations (DESIGN §2 "Companies"): the owner's /account/company page,
 * the invitee's /invitations/:token page, and the staff's Company part of an account.
 */

export const companyRoleSchema = z.enum(COMPANY_ROLES, { message: 'Choose owner, buyer or viewer' });

/** Pence, or null for "no limit of their own" (the company's limit for all buyers then applies). */
export const approvalLimitSchema = z
  .union([z.number(), z.null()], { message: 'The approval limit is a whole number of pence, or empty for none' })
  .refine((v) => v === null || (Number.isSafeInteger(v) && v >= 0 && v <= INT4_MAX), 'The approval limit is a whole number of pence from 0 to 2147483647');

export const inviteMemberSchema = z.strictObject({
  email: emailSchema,
  role: companyRoleSchema,
  /** A buyer's own limit to start with; ignored for owners and viewers (they are never held). */
  approval_limit: approvalLimitSchema.optional(),
});
export type InviteMemberInput = z.input<typeof inviteMemberSchema>;

export const updateMemberSchema = z.strictObject({
  role: companyRoleSchema.optional(),
  approval_limit: approvalLimitSchema.optional(),
  /** The member's record version as the page read it: a stale one answers 409. Left out: not checked. */
  version: recordVersionSchema.optional(),
});
export type UpdateMemberInput = z.input<typeof updateMemberSchema>;

export const companyMemberSchema = z.object({
  id: z.number(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  role: companyRoleSchema,
  /** Pence; null: the company's limit for all buyers. */
  approval_limit: z.number().nullable(),
  /** When they last signed in, if they have since sessions were kept. */
  last_sign_in_at: z.string().nullable(),
  /** The caller themself. */
  you: z.boolean(),
  version: z.number(),
});
export type CompanyMember = z.infer<typeof companyMemberSchema>;

export const companyInvitationSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: companyRoleSchema,
  approval_limit: z.number().nullable(),
  /** The owner who sent it (their name), when known. */
  invited_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  /** Past its seven days: inviting again sends a new link. */
  expired: z.boolean(),
});
export type CompanyInvitation = z.infer<typeof companyInvitationSchema>;

/** GET /api/company/members. `invitations` are the open ones, for owners only (others get []). */
export const companyMembersSchema = z.object({
  company: z.object({ id: z.number(), name: z.string(), approval_limit: z.number().nullable() }),
  your_role: companyRoleSchema,
  members: z.array(companyMemberSchema),
  invitations: z.array(companyInvitationSchema),
});
export type CompanyMembers = z.infer<typeof companyMembersSchema>;

/** An invitation link's token: what its e-mail carries (URL-safe base64). */
export const invitationTokenSchema = textSchema({ message: 'The invitation link is incomplete' })
  .min(16, 'The invitation link is incomplete')
  .max(200, 'The invitation link is not valid');

/** GET /api/invitations/:token: what the invitee is asked to accept. */
export const invitationPreviewSchema = z.object({
  company_name: z.string(),
  invited_by: z.string().nullable(),
  email: z.string(),
  role: companyRoleSchema,
  expires_at: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/**
 * POST /api/invitations/:token/accept. A visitor sends their name and a password (a new account in
 * the company, signed in); a signed-in customer sends nothing (their account moves into it).
 */
export const acceptInvitationSchema = z
  .strictObject({
    firstname: requiredText('First name', 60).optional(),
    lastname: requiredText('Last name', 60).optional(),
    password: passwordSchema.optional(),
    password_confirmation: z.string({ message: 'Repeat the password' }).max(256).optional(),
  })
  .refine((v) => v.password === undefined || v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The passwords do not match',
  });
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;

/** The new session's token for a visitor who made their account; null when a signed-in account moved in. */
export const invitationAcceptedSchema = z.object({ token: z.string().nullable(), company_name: z.string() });
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>;

/** Staff: the company of an account, its members; and the move of the account to another company. */
export const staffCompanySchema = z.object({
  id: z.number(),
  name: z.string(),
  payment_terms: z.string(),
  members: z.array(
    z.object({
      id: z.number(),
      email: z.string(),
      firstname: z.string(),
      lastname: z.string(),
      role: companyRoleSchema,
      approval_limit: z.number().nullable(),
    }),
  ),
});
export type StaffCompany = z.infer<typeof staffCompanySchema>;

export const staffMoveSchema = z.strictObject({
  company_id: idSchema('Choose a company'),
  role: companyRoleSchema,
  /** The account's staff record version as the form read it. */
  version: recordVersionSchema,
});
export type StaffMoveInput = z.input<typeof staffMoveSchema>;

/** Staff's company picker: GET /api/admin/companies (the list protocol). */
export const staffCompanyListItemSchema = z.object({ id: z.number(), name: z.string(), members_count: z.number() });
export type StaffCompanyListItem = z.infer<typeof staffCompanyListItemSchema>;
