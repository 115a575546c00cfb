import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ZipFile } from '../../src/server/lib/zip';
import { readZip } from './helpers/zip';

/** lib/zip.ts gives yazl Node's native CRC-32: the same checksums, and ZIPs an independent reader accepts. */
const crcModule = createRequire(createRequire(import.meta.url).resolve('yazl'))('buffer-crc32') as { unsigned: (b: Buffer, p?: number) => number };

describe("yazl's CRC-32", () => {
  it('is the native one, and agrees with the definition chunk by chunk', () => {
    const data = randomBytes(300_000);
    let rolling = 0;
    for (let i = 0; i < data.length; i += 65_536) rolling = crcModule.unsigned(data.subarray(i, i + 65_536), rolling);
    expect(rolling).toBe(zlib.crc32(data));
    expect(crcModule.unsigned(Buffer.from('123456789'))).toBe(0xcbf43926); // the CRC-32 check value
  });

  it('writes ZIPs whose entries yauzl reads back with their CRCs verified', async () => {
    const files = [randomBytes(200_000), randomBytes(10), Buffer.alloc(0)];
    const zip = new ZipFile();
    files.forEach((content, i) => zip.addBuffer(content, `f${i}.bin`, { compress: false }));
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    const entries = await readZip(Buffer.concat(chunks));
    files.forEach((content, i) => expect(entries.get(`f${i}.bin`)!.equals(content)).toBe(true));
  });
});
