import { z } from 'zod';
import { PROOF_DECISIONS } from '../domain/orders/proofs';
import { wholeNumberSchema } from './common';

/*
 * Proofs and templates (DESIGN §3 "Proofs"): the shapes of the proof PDFs' routes, the staff list of
 * an item's versions and staff's own proof upload, and the template's query.
 */

/** The most a proof version may be: far beyond any item's, and within an int4. */
const VERSION_MAX = 1000;

/** `?version=n` on a proof's PDF: that version; left out, the item's current one. */
export const proofQuerySchema = z.object({
  version: z
    .string()
    .regex(/^[1-9][0-9]{0,3}$/, `The version is a number from 1 to ${VERSION_MAX}.`)
    .transform(Number)
    .pipe(z.number().max(VERSION_MAX, `The version is a number from 1 to ${VERSION_MAX}.`))
    .optional(),
});

/** `?orientation=` of a product's template: portrait (the short side across) unless asked. */
export const templateQuerySchema = z.object({
  orientation: z.enum(['portrait', 'landscape'], { message: 'Choose portrait or landscape.' }).optional().default('portrait'),
});

/** The field of staff's proof upload that carries the PDF; its 422s are reported on it. */
export const PROOF_FILE_FIELD = 'file';
/** The largest proof staff may upload (a hard proof from the RIP, images and all). */
export const PROOF_FILE_MAX_MB = 200;

/** The fields beside the file of `POST /api/admin/orders/{id}/items/{itemId}/proof`: the proof version the staff member saw. */
export const proofUploadSchema = z.object({
  version: wholeNumberSchema('The proof version', 1, VERSION_MAX, 'The proof version you are replacing is required: reload the order'),
});
export type ProofUploadFields = z.output<typeof proofUploadSchema>;

/** What the upload answers: the version it made (ready, and its customer told). */
export const proofUploadAnswerSchema = z.object({ version: z.number() });
export type ProofUploadAnswer = z.infer<typeof proofUploadAnswerSchema>;

export const PROOF_SOURCES = ['generated', 'staff'] as const;

/** A version of an item's proof as staff see it (`GET /api/admin/orders/{id}/items/{itemId}/proofs`, newest first). */
export const staffProofVersionSchema = z.object({
  version: z.number(),
  /** `generated` by the proof job from the checked artwork, or uploaded by `staff`. */
  source: z.enum(PROOF_SOURCES),
  /** Bytes. */
  size: z.number(),
  created_at: z.string(),
  /** The staff member who uploaded it (null for a generated proof, or an account since removed). */
  created_by: z.string().nullable(),
  decision: z.enum(PROOF_DECISIONS).nullable(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  /** Staff decided for the customer (by phone). */
  on_behalf: z.boolean(),
  comment: z.string().nullable(),
  reminders_sent: z.number(),
});
export type StaffProofVersion = z.infer<typeof staffProofVersionSchema>;
export const staffProofVersionsSchema = z.array(staffProofVersionSchema);
