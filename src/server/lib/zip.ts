import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import yazl from 'yazl';

/**
 * yazl (the ZIP writer of batch runs) checksums every byte with buffer-crc32, a table-driven
 * JavaScript CRC-32 that runs at ~430 MB/s here and halves the speed of a 2 GB batch ZIP
 * (bench/batches.ts). Node's own zlib.crc32 (native, Node ≥ 20.15) computes the same checksum at
 * ~2 GB/s: yazl's copy of buffer-crc32 is given it. yazl calls `crc32.unsigned(buffer, previous)`
 * with a number `previous` (or none); anything else goes to the original. Every ZIP a test reads
 * back is checked by an independent reader (yauzl), which verifies each entry's CRC.
 */
const fromYazl = createRequire(createRequire(import.meta.url).resolve('yazl'));
const bufferCrc32 = fromYazl('buffer-crc32') as { unsigned: (buffer: Buffer, previous?: unknown) => number };
const original = bufferCrc32.unsigned;
if (typeof zlib.crc32 === 'function') {
  bufferCrc32.unsigned = (buffer, previous) =>
    Buffer.isBuffer(buffer) && (previous === undefined || typeof previous === 'number') ? zlib.crc32(buffer, previous ?? 0) : original(buffer, previous);
}

export const ZipFile = yazl.ZipFile;
export type ZipFile = yazl.ZipFile;
