import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParam } from '../../../shared/api/common';
import {
  PROOF_FILE_FIELD,
  PROOF_FILE_MAX_MB,
  proofQuerySchema,
  proofUploadAnswerSchema,
  proofUploadSchema,
  staffProofVersionsSchema,
  type ProofUploadFields,
} from '../../../shared/api/proofs';
import { requireAdmin, staffRoutes } from '../../lib/auth';
import { DomainError, Invalid, unprocessable } from '../../lib/domain-errors';
import { uploadedFile } from '../../lib/openapi';
import { fileAnswer } from '../../lib/zod';
import { sendProof } from './routes';
import type { ProofsService, StagedProof } from './service';

const itemParams = z.object({ id: idParam('No such order.'), itemId: idParam('No such item.') });

/**
 * The upload's parts in the order they come: the PDF streamed to the store as it arrives (whatever
 * the order of the parts), the `version` beside it. 422s beside each field; a refused upload leaves
 * no file behind.
 */
async function uploadedProof(request: FastifyRequest, proofs: ProofsService): Promise<{ fields: ProofUploadFields; staged: StagedProof }> {
  if (!request.isMultipart())
    throw unprocessable({ [PROOF_FILE_FIELD]: `Send the proof as multipart/form-data with its PDF in a field named "${PROOF_FILE_FIELD}" and its version.` });
  const values: Record<string, string> = {};
  const errors: Record<string, string> = {};
  let staged: StagedProof | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: PROOF_FILE_MAX_MB * 1024 * 1024 + 1, files: 1, fields: 10 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== PROOF_FILE_FIELD || staged) {
          part.file.resume();
          continue;
        }
        try {
          staged = await proofs.stage(part.file);
        } catch (error) {
          // Past the parser's own limit the stream fails: the file is too big, whatever the error says.
          if (part.file.truncated) errors[PROOF_FILE_FIELD] = `A proof is at most ${PROOF_FILE_MAX_MB} MB: export it with images at their printed size.`;
          else if (error instanceof Invalid) Object.assign(errors, error.errors);
          else throw error;
        }
      } else if (typeof part.value === 'string') {
        values[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (staged) await proofs.discard(staged);
    if (error instanceof DomainError) throw error;
    // A body that is not well-formed multipart (cut off, a broken boundary, too many parts).
    throw unprocessable({ [PROOF_FILE_FIELD]: 'The upload could not be read: choose the file and send it again.' });
  }
  const parsed = proofUploadSchema.safeParse(values);
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'version')] ??= issue.message;
  if (!staged && !errors[PROOF_FILE_FIELD]) errors[PROOF_FILE_FIELD] = 'Choose the proof PDF.';
  if (Object.keys(errors).length || !parsed.success || !staged) {
    if (staged) await proofs.discard(staged);
    throw unprocessable(errors);
  }
  return { fields: parsed.data, staged };
}

/**
 * Staff's side of an item's proofs (DESIGN §3 "Proofs"): a version's PDF, the list of versions, and
 * an upload of their own (a hard proof from the RIP), which becomes the next version and tells the
 * customer again. Registered where multipart bodies are read.
 */
const proofsStaffRoutes = staffRoutes<{ proofs: ProofsService }>((app, { proofs }) => {
  app.get(
    '/api/admin/orders/:id/items/:itemId/proof',
    { schema: { params: itemParams, querystring: proofQuerySchema, response: { 200: fileAnswer('application/pdf') } } },
    async (request, reply) => sendProof(reply, await proofs.staffProof(request.params.id, request.params.itemId, request.query.version)),
  );

  app.get('/api/admin/orders/:id/items/:itemId/proofs', { schema: { params: itemParams, response: { 200: staffProofVersionsSchema } } }, async (request) =>
    proofs.versions(request.params.id, request.params.itemId),
  );

  const proofUpload = {
    'multipart/form-data': z.object({ ...proofUploadSchema.shape, [PROOF_FILE_FIELD]: uploadedFile(`The proof PDF, at most ${PROOF_FILE_MAX_MB} MB`) }),
  };
  app.post(
    '/api/admin/orders/:id/items/:itemId/proof',
    { schema: { params: itemParams, documentedBody: proofUpload, response: { 201: proofUploadAnswerSchema } } },
    async (request, reply) => {
      const { fields, staged } = await uploadedProof(request, proofs);
      const made = await proofs.upload(requireAdmin(request).user, request.params.id, request.params.itemId, fields.version, staged);
      return reply.code(201).send(made);
    },
  );
});

export default proofsStaffRoutes;
