import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { staffInvoiceSchema, INVOICE_FILE_FIELD, INVOICE_FILE_MAX_MB, invoiceUploadSchema, statementQuerySchema } from '../../../shared/api/invoices';
import type { AppDeps } from '../../deps';
import type { ArtworkEngine } from '../artwork/preflight';
import { requireAdmin, staffRoutes } from '../../lib/auth';
import { unprocessable } from '../../lib/domain-errors';
import { isPdf } from '../../lib/pdf-file';
import { idParams } from '../../lib/rest-list';
import { staffResource } from '../../lib/staff-resource';
import { fileAnswer } from '../../lib/zod';
import { uploadedFile } from '../../lib/openapi';
import { sendPdf } from './routes';

/** The upload's fields and its PDF (whole: at most INVOICE_FILE_MAX_MB), or 422s beside each field. */
async function uploadedInvoice(request: FastifyRequest, engine: ArtworkEngine): Promise<{ fields: z.output<typeof invoiceUploadSchema>; pdf: Buffer }> {
  if (!request.isMultipart())
    throw unprocessable({ [INVOICE_FILE_FIELD]: `Send the invoice as multipart/form-data with its PDF in a field named "${INVOICE_FILE_FIELD}".` });
  const values: Record<string, string> = {};
  let pdf: Buffer | null = null;
  let tooBig = false;
  try {
    for await (const part of request.parts({ limits: { fileSize: INVOICE_FILE_MAX_MB * 1024 * 1024, files: 1, fields: 10 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer().catch(() => null);
        if (part.fieldname === INVOICE_FILE_FIELD) {
          tooBig = part.file.truncated || bytes === null;
          pdf = bytes;
        }
      } else if (typeof part.value === 'string') {
        values[part.fieldname] = part.value;
      }
    }
  } catch {
    // A body that is not well-formed multipart (cut off, a broken boundary, too many parts).
    throw unprocessable({ [INVOICE_FILE_FIELD]: 'The upload could not be read: choose the file and send it again.' });
  }
  const parsed = invoiceUploadSchema.safeParse(values);
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'body')] ??= issue.message;
  if (tooBig) errors[INVOICE_FILE_FIELD] = `An invoice PDF is at most ${INVOICE_FILE_MAX_MB} MB.`;
  else if (!pdf?.length) errors[INVOICE_FILE_FIELD] = 'Choose the invoice PDF.';
  else if (!(await isPdf(engine, pdf)))
    errors[INVOICE_FILE_FIELD] = 'This file is not a PDF (or it is too damaged to open): save the invoice as a PDF from the accounting package.';
  if (Object.keys(errors).length || !parsed.success || !pdf) throw unprocessable(errors);
  return { fields: parsed.data, pdf };
}

/**
 * Staff invoices at /api/admin/invoices (DESIGN §3): the list (filter user_id) and one invoice, an
 * upload from an accounting package, each invoice's PDF, and a customer's monthly statement.
 * Registered where multipart bodies are read (the upload).
 */
const invoicesStaffRoutes = staffRoutes<Pick<AppDeps, 'db' | 'invoices' | 'artworkEngine'>>((app, { db, invoices, artworkEngine }) => {
  staffResource(app, db, 'invoices', staffInvoiceSchema, { list: invoices.list, get: invoices.get });

  const invoiceUpload = {
    'multipart/form-data': z.object({ ...invoiceUploadSchema.shape, [INVOICE_FILE_FIELD]: uploadedFile(`The invoice PDF, at most ${INVOICE_FILE_MAX_MB} MB`) }),
  };
  app.post('/api/admin/invoices', { schema: { documentedBody: invoiceUpload, response: { 201: staffInvoiceSchema } } }, async (request, reply) => {
    const { fields, pdf } = await uploadedInvoice(request, artworkEngine);
    return reply.status(201).send(await invoices.upload(fields, pdf, requireAdmin(request).user.id));
  });

  app.get('/api/admin/invoices/:id/pdf', { schema: { params: idParams, response: { 200: fileAnswer('application/pdf') } } }, async (request, reply) =>
    sendPdf(reply, await invoices.pdf(request.params.id)),
  );

  app.get(
    '/api/admin/users/:id/statement',
    { schema: { params: idParams, querystring: statementQuerySchema, response: { 200: fileAnswer('application/pdf') } } },
    async (request, reply) => sendPdf(reply, await invoices.statement(request.params.id, request.query.month)),
  );
});

export default invoicesStaffRoutes;
