import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OrderItemRow } from '../../db/schema';
import { attachment } from '../../lib/attachment';
import { notFound } from '../../lib/domain-errors';
import { matchesEtag } from '../../lib/etag';
import type { FileStore } from '../../lib/files';
import { previewPageName } from './preflight';
import { previewPagesOf } from './previews';

/** An item's artwork PDF as a download (the customer's and the staff route answer alike). */
export async function sendArtwork(reply: FastifyReply, files: FileStore, item: OrderItemRow) {
  const file = item.artworkKey ? await files.stream(item.artworkKey) : null;
  if (!file) throw notFound('This item has no artwork.');
  return reply
    .type('application/pdf')
    .header('content-length', file.size)
    .header('content-disposition', attachment(item.artworkName ?? 'artwork.pdf'))
    .header('cache-control', 'private, no-cache')
    .send(file.body);
}

/**
 * The preview PNG of one page of an item's artwork. The URL stays when the artwork is replaced, the
 * file's key does not: the browser asks again each time and gets 304 while its copy is the current one.
 */
export async function sendPreview(request: FastifyRequest, reply: FastifyReply, files: FileStore, item: OrderItemRow, page: number) {
  if (!item.previewKey) throw notFound('This item has no preview yet.');
  if (page > previewPagesOf(item)) throw notFound(`This item's artwork has no preview of page ${page}.`);
  const key = previewPageName(item.previewKey, page);
  const file = await files.stream(key);
  if (!file) throw notFound(`This item's artwork has no preview of page ${page}.`);
  const etag = `"${key}"`;
  reply.header('cache-control', 'private, no-cache').header('etag', etag);
  if (matchesEtag(request.headers['if-none-match'], etag)) {
    file.body.destroy();
    return reply.code(304).send();
  }
  return reply.type('image/png').header('content-length', file.size).send(file.body);
}
