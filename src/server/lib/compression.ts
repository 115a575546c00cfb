import type { FastifyInstance } from 'fastify';
import zlib from 'node:zlib';
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
    // Quality 4 (the plugin's own) with a 256 kB window rather than 4 MB: an answer is compressed as
    // it is sent, and the encoder's tables for a 4 MB window cost more to set up than a 1 kB order
    // takes to compress (a fifth of a millisecond per answer, measured in bench/orders). Answers are
    // rarely that large; the built files are compressed at build time.
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
      },
    },
    customTypes: COMPRESSIBLE,
  });
}
