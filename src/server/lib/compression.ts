import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';

/** Text worth compressing: JSON, HTML, CSS, JavaScript, SVG. Not files that are compressed already (images, PDFs, zips). */
const COMPRESSIBLE = /^(?:application\/(?:[\w.+-]+\+)?json|text\/|application\/javascript|image\/svg\+xml)/;

/** Answers above this many bytes are compressed; smaller ones cost more to compress than they save. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * brotli or gzip for every answer of a compressible type above 1 kB. Answers that arrive already
 * compressed (the built files' .br/.gz twins, the price list's cached bytes) carry their
 * Content-Encoding and are passed through untouched. Registered before the routes: it hooks each.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    // Request bodies are never compressed by our clients; refusing them keeps decompression bombs out.
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
  });
}
