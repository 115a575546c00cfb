import { z } from 'zod';

/** Where a message of the outbox stands: waiting (first try or a retry), delivered, or given up on. */
export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export const mailStatusSchema = z.enum(MAIL_STATUSES);
export type MailStatus = z.infer<typeof mailStatusSchema>;

/** How each status reads to staff: a queued message is pending (its first try, or a retry to come). */
export const MAIL_STATUS_LABELS: Record<MailStatus, string> = { queued: 'Pending', sent: 'Sent', failed: 'Failed' };

/**
 * A message of the outbox as staff see it at /api/admin/mail. The links it carries (set-password
 * and reset links are credentials) are shown as "[link]": staff see that a link went out, not the link.
 */
export const staffMailSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  has_html: z.boolean(),
  link_count: z.number(),
  status: mailStatusSchema,
  attempts: z.number(),
  /** When the next attempt runs (a queued message after a failed attempt), ISO 8601. */
  next_attempt_at: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type StaffMail = z.infer<typeof staffMailSchema>;

/** POST /api/admin/mail/{id}/resend: no body; answers the message, queued again. */
export const staffMailResendResponse = staffMailSchema;
