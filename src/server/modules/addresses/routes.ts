import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ADDRESS_FILE_FIELD,
  ADDRESS_IMPORT_COLUMNS,
  ADDRESS_IMPORT_MAX_BYTES,
  ADDRESS_IMPORT_MAX_ROWS,
  addressCreateSchema,
  addressImportQuerySchema,
  addressImportSchema,
  addressListQuerySchema,
  addressListSchema,
  addressUpdateSchema,
  savedAddressSchema,
} from '../../../shared/api/addresses';
import { idParam } from '../../../shared/api/common';
import type { AppDeps } from '../../deps';
import { orderingWrites, signedInOnly } from '../../lib/auth';
import { unprocessable } from '../../lib/domain-errors';
import { uploadedFile } from '../../lib/openapi';
import type { ZodTypeProvider } from '../../lib/zod';
import { customerOf } from '../orders/routes';

const addressParams = z.object({ id: idParam('No such address.') });
const MAX_MB = ADDRESS_IMPORT_MAX_BYTES / 1024 / 1024;

/** The import's CSV: a `text/csv` body, or the `file` part of a multipart form. */
async function importFile(request: FastifyRequest): Promise<string> {
  if (typeof request.body === 'string') return request.body;
  if (!request.isMultipart()) {
    throw unprocessable({ [ADDRESS_FILE_FIELD]: `Send the CSV as text/csv, or as multipart/form-data in a field named "${ADDRESS_FILE_FIELD}".` });
  }
  const part = await request.file({ limits: { fileSize: ADDRESS_IMPORT_MAX_BYTES, files: 1, fields: 5 }, throwFileSizeLimit: false }).catch(() => undefined);
  if (!part || part.fieldname !== ADDRESS_FILE_FIELD) throw unprocessable({ [ADDRESS_FILE_FIELD]: 'Choose the CSV file of addresses.' });
  const bytes = await part.toBuffer();
  if (part.file.truncated) throw unprocessable({ [ADDRESS_FILE_FIELD]: `An address file is at most ${MAX_MB} MB.` });
  return bytes.toString('utf8');
}

const importDescription =
  `A CSV (UTF-8, with or without a BOM; comma, semicolon or tab separated) with a header row naming the columns, ` +
  `case-insensitive: ${ADDRESS_IMPORT_COLUMNS.join(', ')}. \`country\` is an ISO code (GB) or a country's name; ` +
  `a row with neither \`country\` nor \`country_id\` is in the United Kingdom. At most ${ADDRESS_IMPORT_MAX_ROWS} rows and ${MAX_MB} MB. ` +
  `Rows are numbered from 1, the first row under the header (blank rows are skipped and not counted).`;

/**
 * The customer's address book (DESIGN §3 "Addresses (customer)"): saved delivery addresses, listed
 * and searched, added, changed, deleted, one made the default, imported from a CSV (previewed
 * unless `apply=1`). Another customer's address is 404. Registered where multipart bodies are read (the import).
 */
const addressesRoutes: FastifyPluginAsync<Pick<AppDeps, 'addresses'>> = async (fastify, { addresses }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', signedInOnly);
  // Every change here orders: a viewer of the company may read, never change (403).
  app.addHook('onRequest', orderingWrites);
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: ADDRESS_IMPORT_MAX_BYTES }, (_request, body, done) => done(null, body));

  app.get('/api/addresses', { schema: { querystring: addressListQuerySchema, response: { 200: addressListSchema } } }, async (request) =>
    addresses.list(customerOf(request).id, request.query),
  );

  app.post('/api/addresses', { schema: { body: addressCreateSchema, response: { 201: savedAddressSchema } } }, async (request, reply) =>
    reply.code(201).send(await addresses.create(customerOf(request).id, request.body)),
  );

  app.patch('/api/addresses/:id', { schema: { params: addressParams, body: addressUpdateSchema, response: { 200: savedAddressSchema } } }, async (request) =>
    addresses.update(customerOf(request).id, request.params.id, request.body),
  );

  app.delete('/api/addresses/:id', { schema: { params: addressParams, response: { 200: savedAddressSchema } } }, async (request) =>
    addresses.remove(customerOf(request).id, request.params.id),
  );

  const importUpload = {
    'text/csv': z.string().describe(importDescription),
    'multipart/form-data': z.object({ [ADDRESS_FILE_FIELD]: uploadedFile(importDescription) }),
  };
  app.post(
    '/api/addresses/import',
    { schema: { querystring: addressImportQuerySchema, documentedBody: importUpload, response: { 200: addressImportSchema } } },
    async (request) => addresses.importCsv(customerOf(request).id, await importFile(request), request.query.apply === '1'),
  );
};

export default addressesRoutes;
