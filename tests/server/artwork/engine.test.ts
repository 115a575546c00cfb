import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ArtworkEngineError,
  artworkWorkerEntry,
  createArtworkEngine,
  engineFailureReport,
  MAX_PREVIEW_PAGES,
  previewPageName,
  type ArtworkEngine,
  type PreflightSpec,
} from '../../../src/server/modules/artwork/preflight';
import { isPdf } from '../../../src/server/lib/pdf-file';
import { encryptedPdf, FAKE_PDFS, writePdf } from './fixtures';

const CARD: PreflightSpec = { trimWidthMm: 85, trimHeightMm: 55, bleedMm: 3, sides: 'single', orientation: 'landscape' };

let dir: string;
let good: string;
let engine: ArtworkEngine;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'pjt-artwork-engine-'));
  // A 2400 × 1600 px CMYK image: enough work for the worker to take a noticeable moment.
  good = await writePdf(dir, 'good.pdf', [{ widthMm: 91, heightMm: 61, image: { colour: 'cmyk', widthPx: 2400, heightPx: 1600, widthMm: 91, heightMm: 61 } }]);
  engine = createArtworkEngine();
});
afterAll(async () => {
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('createArtworkEngine', () => {
  it('checks a PDF in its worker and writes the preview, without blocking this thread', async () => {
    // The worker up and PDFium loaded first: from here on the job needs nothing of this thread.
    expect(await engine.opens(good)).toBe(true);
    const preview = path.join(dir, 'good.png');
    const checking = engine.check(good, CARD, preview);
    // This thread now holds its event loop (never yielding) until the preview is in place: were the
    // PDF opened, drawn or written on it, the preview could not appear. The deadline only ends the
    // wait; how long the check takes here is measured in bench/artwork.ts.
    const deadline = Date.now() + 60_000;
    while (!existsSync(preview) && Date.now() < deadline) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    expect(existsSync(preview), 'the preview was written while this thread never yielded').toBe(true);
    const result = await checking;
    expect(result.report.status).toBe('pass');
    expect(result.previewPath).toBe(preview);
    expect(await sharp(preview).metadata()).toMatchObject({ format: 'png', width: 1000, height: 670 });
  });

  it('draws every page up to MAX_PREVIEW_PAGES, page 1 at the path asked for and page n beside it', async () => {
    const pages = await writePdf(
      dir,
      'five.pdf',
      [91, 92, 93, 94, 95].map((widthMm) => ({ widthMm, heightMm: 61 })),
    );
    const preview = path.join(dir, 'five.png');
    const result = await engine.check(pages, { ...CARD, sides: 'double' }, preview);
    expect(result.report.checks.find((c) => c.code === 'page_count')?.status).toBe('fail');
    expect(result).toMatchObject({ previewPath: preview, previewPages: MAX_PREVIEW_PAGES });
    expect(previewPageName(preview, 2)).toBe(path.join(dir, 'five.p2.png'));
    for (let page = 1; page <= MAX_PREVIEW_PAGES; page++) expect(existsSync(previewPageName(preview, page)), `page ${page}`).toBe(true);
    expect(existsSync(path.join(dir, 'five.p5.png'))).toBe(false);
    // Each preview is drawn from its own page: wider pages, scaled to the same long side, come out shorter.
    const heights = await Promise.all([1, 2, 3, 4].map(async (page) => (await sharp(previewPageName(preview, page)).metadata()).height));
    expect(new Set(heights).size).toBe(MAX_PREVIEW_PAGES);
  });

  it('answers a bad file with a fail report and writes no preview', async () => {
    const bad = path.join(dir, 'bad.pdf');
    writeFileSync(bad, 'not a pdf');
    const preview = path.join(dir, 'bad.png');
    const result = await engine.check(bad, CARD, preview);
    expect(result.report).toMatchObject({ status: 'fail', checks: [{ code: 'file', status: 'fail' }] });
    expect(result.previewPath).toBeUndefined();
    expect(existsSync(preview)).toBe(false);
  });

  it('opens a PDF to say whether it is one, ahead of the checks waiting, and refuses what is not', async () => {
    const fakes = Object.entries(FAKE_PDFS).map(([name, bytes]) => {
      const file = path.join(dir, `${name}.pdf`);
      writeFileSync(file, bytes);
      return file;
    });
    const order: string[] = [];
    const running = engine.check(good, CARD).then(() => order.push('check 1'));
    const waiting = engine.check(good, CARD).then(() => order.push('check 2'));
    const opened = engine.opens(good).then((answer) => (order.push('open'), answer));
    expect(await opened).toBe(true);
    await Promise.all([running, waiting]);
    expect(order).toEqual(['check 1', 'open', 'check 2']);
    for (const fake of fakes) expect(await engine.opens(fake)).toBe(false);
    expect(await isPdf(engine, good)).toBe(true);
    for (const bytes of Object.values(FAKE_PDFS)) expect(await isPdf(engine, bytes)).toBe(false);
    // A PDF with something before its signature is not one we keep (the header must be at byte 0).
    expect(await isPdf(engine, Buffer.concat([Buffer.from('\n'), readFileSync(good)]))).toBe(false);
    expect(await isPdf(engine, readFileSync(good))).toBe(true);
    // A password-protected PDF is a PDF: the artwork's own check says what is wrong with it.
    expect(await isPdf(engine, encryptedPdf({ userPassword: true }))).toBe(true);
  });

  it('rejects a missing file as an engine error and goes on working', async () => {
    await expect(engine.check(path.join(dir, 'missing.pdf'), CARD)).rejects.toMatchObject({ name: 'ArtworkEngineError', reason: 'error' });
    await expect(engine.check(good, { ...CARD, bleedMm: -1 })).rejects.toThrow(RangeError);
    expect((await engine.check(good, CARD)).report.status).toBe('pass');
  });

  it('runs jobs one at a time, in order, and answers each', async () => {
    const order: number[] = [];
    const jobs = [0, 1, 2, 3].map((n) => engine.check(good, { ...CARD, sides: n % 2 ? 'double' : 'single' }).then((r) => (order.push(n), r)));
    expect(engine.pending).toBe(4);
    const results = await Promise.all(jobs);
    expect(order).toEqual([0, 1, 2, 3]);
    expect(results.map((r) => r.report.status)).toEqual(['pass', 'fail', 'pass', 'fail']);
    expect(engine.pending).toBe(0);
  });

  it('stops a job past its time limit and says so', async () => {
    const hasty = createArtworkEngine({ timeoutMs: 1 });
    try {
      const error = await hasty.check(good, CARD).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ArtworkEngineError);
      expect((error as ArtworkEngineError).reason).toBe('timeout');
      expect(engineFailureReport(error)).toMatchObject({
        status: 'fail',
        checks: [{ code: 'file', status: 'fail', message: expect.stringContaining('too long') }],
      });
    } finally {
      await hasty.close();
    }
  });

  it('replaces a worker that crashed and goes on with the next job', async () => {
    const source = artworkWorkerEntry();
    const fragile = createArtworkEngine({ workerEntry: { ...source, url: new URL('./crashing-worker.ts', import.meta.url) } });
    try {
      const crash = path.join(dir, 'crash-me.pdf');
      writeFileSync(crash, '%PDF-1.7\n%%EOF\n');
      const [crashed, next] = await Promise.allSettled([fragile.check(crash, CARD), fragile.check(good, CARD)]);
      expect(crashed).toMatchObject({ status: 'rejected', reason: { reason: 'crashed' } });
      expect(next).toMatchObject({ status: 'fulfilled', value: { report: { status: 'pass' } } });
    } finally {
      await fragile.close();
    }
  });

  it('rejects waiting jobs when closed, and any job after', async () => {
    const closing = createArtworkEngine();
    const jobs = [closing.check(good, CARD), closing.check(good, CARD)].map((job) => job.catch((e: ArtworkEngineError) => e.reason));
    await closing.close();
    expect(await Promise.all(jobs)).toEqual(['closed', 'closed']);
    await expect(closing.check(good, CARD)).rejects.toMatchObject({ reason: 'closed' });
  });

  it('finds its worker from source and, in production, beside the bundle', () => {
    expect(artworkWorkerEntry()).toMatchObject({ typescript: true });
    expect(artworkWorkerEntry().url.pathname).toMatch(/src\/server\/modules\/artwork\/preflight\/worker\.ts$/);
    expect(artworkWorkerEntry('file:///srv/app/dist-server/main.js')).toEqual({
      url: new URL('file:///srv/app/dist-server/artwork-worker.js'),
      typescript: false,
    });
  });
});
