/**
 * Artwork engine benchmark: time and peak memory of a preflight + page-1 preview through
 * createArtworkEngine (its worker thread), on a ~1 MB and a ~100 MB generated PDF.
 *
 *   npx tsx bench/run.ts artwork        the rows of bench/README.md's table (benchArtwork)
 *   npx tsx bench/artwork.ts            generates the PDFs, measures each in a fresh process, prints a table
 *   BENCH_ARTWORK_MB=200 npx tsx bench/artwork.ts   a bigger large file
 *
 * Each file is measured in its own child process so that its peak RSS (the whole process: main
 * thread, worker and PDFium's WebAssembly heap) is its own. The PDFs are a page with one
 * noise-filled CMYK JPEG (noise so it cannot compress: the file is as big as its pixels make it),
 * written by hand from a JPEG file on disk so the generator never holds the PDF in memory either.
 *
 * While the warm check runs, this thread's event loop is watched (monitorEventLoopDelay): PDFium
 * runs in the engine's worker, so the longest stall here is a small fraction of the check's time.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { createArtworkEngine, type PreflightSpec } from '../src/server/modules/artwork/preflight';
import type { BenchRow } from './lib/stats';

const PT_PER_MM = 72 / 25.4;

interface Case {
  name: string;
  /** Target file size. */
  megabytes: number;
  spec: PreflightSpec;
}

const CASES: Case[] = [
  { name: 'business card, 1 MB', megabytes: 1, spec: { trimWidthMm: 85, trimHeightMm: 55, bleedMm: 3, sides: 'single', orientation: 'landscape' } },
  {
    name: `A3 poster, ${Number(process.env.BENCH_ARTWORK_MB ?? 100)} MB`,
    megabytes: Number(process.env.BENCH_ARTWORK_MB ?? 100),
    spec: { trimWidthMm: 297, trimHeightMm: 420, bleedMm: 3, sides: 'single', orientation: 'portrait' },
  },
];

/** Noise that JPEG cannot squeeze: a file as big as its pixels make it, and the slowest kind to decode. */
interface Noise {
  sigma: number;
  quality: number;
}
const noisy = (width: number, height: number, noise: Noise) =>
  sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: noise.sigma } } })
    .toColourspace('cmyk')
    .jpeg({ quality: noise.quality });

/** A CMYK JPEG of noise about `megabytes` big, with the page's aspect ratio; returns its size in pixels. */
async function noiseJpeg(file: string, megabytes: number, aspect: number, noise: Noise): Promise<{ width: number; height: number }> {
  // Bytes a pixel costs at these settings, from a 512 × 512 sample, so the file lands near its target.
  const sample = await noisy(512, 512, noise).toBuffer();
  const pixels = (megabytes * 1024 * 1024) / (sample.length / (512 * 512));
  const height = Math.round(Math.sqrt(pixels / aspect));
  const width = Math.round(height * aspect);
  await noisy(width, height, noise).toFile(file);
  return { width, height };
}

/** A one-page PDF of the spec's size with bleed, showing `jpegFile` edge to edge. */
export async function writeBenchPdf(file: string, jpegFile: string, spec: PreflightSpec, megabytes: number): Promise<{ imagePpi: number }> {
  const portrait = spec.orientation === 'portrait';
  const long = Math.max(spec.trimWidthMm, spec.trimHeightMm) + 2 * spec.bleedMm;
  const short = Math.min(spec.trimWidthMm, spec.trimHeightMm) + 2 * spec.bleedMm;
  const wPt = (portrait ? short : long) * PT_PER_MM;
  const hPt = (portrait ? long : short) * PT_PER_MM;
  // Softer noise on small files, so a 1 MB card still has a 300 ppi image (a clean pass).
  const noise = megabytes < 10 ? { sigma: 6, quality: 75 } : { sigma: 60, quality: 95 };
  const { width, height } = await noiseJpeg(jpegFile, megabytes, wPt / hPt, noise);
  const jpegBytes = statSync(jpegFile).size;

  const out = openSync(file, 'w');
  let at = 0;
  const offsets: number[] = [];
  const put = (text: string) => (at += writeSync(out, Buffer.from(text, 'latin1')));
  const object = (body: string) => {
    offsets.push(at);
    put(`${offsets.length} 0 obj\n${body}\nendobj\n`);
  };
  put('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  object('<< /Type /Catalog /Pages 2 0 R >>');
  object('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${wPt.toFixed(3)} ${hPt.toFixed(3)}] /Resources << /XObject << /Im0 5 0 R >> >> /Contents 4 0 R >>`);
  const content = `q ${wPt.toFixed(3)} 0 0 ${hPt.toFixed(3)} 0 0 cm /Im0 Do Q`;
  object(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  offsets.push(at);
  put(
    `5 0 obj\n<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceCMYK /BitsPerComponent 8 /Filter /DCTDecode /Decode [1 0 1 0 1 0 1 0] /Length ${jpegBytes} >>\nstream\n`,
  );
  const jpeg = openSync(jpegFile, 'r');
  const chunk = Buffer.allocUnsafe(4 * 1024 * 1024);
  for (let read; (read = readSync(jpeg, chunk, 0, chunk.length, null)) > 0;) at += writeSync(out, chunk, 0, read);
  closeSync(jpeg);
  put('\nendstream\nendobj\n');
  const xref = at;
  put(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`);
  put(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  closeSync(out);
  return { imagePpi: Math.round(width / (wPt / 72)) };
}

interface Measure {
  /** The first job: starts the worker and PDFium, then checks. */
  coldMs: number;
  /** The same file again on the warm worker. */
  warmMs: number;
  /** CPU time of that warm run, all threads: the machine's load does not inflate it as it does warmMs. */
  warmCpuMs: number;
  /** The longest and the p99 gap between this thread's event-loop ticks (a timer every LOOP_RESOLUTION_MS) during the warm run. */
  loopMaxMs: number;
  loopP99Ms: number;
  status: string;
  previewBytes: number;
  baselineRssMb: number;
  peakRssMb: number;
}

/** How often the event-loop monitor's timer fires: a gap of about this long is a loop that never stalled. */
const LOOP_RESOLUTION_MS = 10;

/** Child mode: check one file twice through the engine, sampling RSS all along. */
async function measure(pdfPath: string, spec: PreflightSpec, previewPath: string): Promise<Measure> {
  const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  // A large job leaves the worker's heap above the recycling threshold, which would replace the
  // worker before the warm run: raise it so the warm run measures a warm worker.
  const engine = createArtworkEngine({ recycleAboveHeapMb: 4096, timeoutMs: 300_000 });
  try {
    let started = performance.now();
    const first = await engine.check(pdfPath, spec, previewPath);
    const coldMs = performance.now() - started;
    const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
    loop.enable();
    started = performance.now();
    const cpu = process.cpuUsage();
    await engine.check(pdfPath, spec, previewPath);
    const warmMs = performance.now() - started;
    const cpuUsed = process.cpuUsage(cpu);
    loop.disable();
    peak = Math.max(peak, process.memoryUsage.rss(), process.resourceUsage().maxRSS * 1024);
    return {
      coldMs: Math.round(coldMs),
      warmMs: Math.round(warmMs),
      warmCpuMs: Math.round((cpuUsed.user + cpuUsed.system) / 1000),
      loopMaxMs: Math.round(loop.max / 1e5) / 10,
      loopP99Ms: Math.round(loop.percentile(99) / 1e5) / 10,
      status: first.report.status,
      previewBytes: first.previewPath ? statSync(first.previewPath).size : 0,
      baselineRssMb: mb(baseline),
      peakRssMb: mb(peak),
    };
  } finally {
    clearInterval(sampler);
    await engine.close();
  }
}

function runChild(pdfPath: string, spec: PreflightSpec, previewPath: string): Promise<Measure> {
  return new Promise((resolve, reject) => {
    // process.execArgv carries tsx's loader, so the child runs this same TypeScript file.
    const child = spawn(process.execPath, [...process.execArgv, import.meta.filename, '--child', pdfPath, JSON.stringify(spec), previewPath], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (data: Buffer) => (out += data.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as Measure) : reject(new Error(`bench child exited ${code}`))));
  });
}

interface CaseResult extends Measure {
  case: string;
  fileMb: number;
  imagePpi: number;
}

/** Generates each case's PDF and measures it in a child process of its own. */
async function measureCases(): Promise<CaseResult[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pjt-bench-artwork-'));
  try {
    const results: CaseResult[] = [];
    for (const [i, benchCase] of CASES.entries()) {
      const pdf = path.join(dir, `case-${i}.pdf`);
      const { imagePpi } = await writeBenchPdf(pdf, path.join(dir, `case-${i}.jpg`), benchCase.spec, benchCase.megabytes);
      rmSync(path.join(dir, `case-${i}.jpg`));
      const result = await runChild(pdf, benchCase.spec, path.join(dir, `case-${i}.png`));
      results.push({ case: benchCase.name, fileMb: Math.round((statSync(pdf).size / (1024 * 1024)) * 10) / 10, imagePpi, ...result });
    }
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The rows of bench/README.md's table: each case's check, and this thread's event loop meanwhile. */
export async function benchArtwork(): Promise<BenchRow[]> {
  return (await measureCases()).flatMap((r) => [
    {
      name: `artwork engine: ${r.case} — first check (worker start) / warm check (ms), warm CPU (ms), result`,
      value: `${r.coldMs} / ${r.warmMs}, ${r.warmCpuMs} CPU, ${r.status}; peak RSS ${r.peakRssMb} MB (${r.baselineRssMb} at rest)`,
    },
    {
      name: `artwork engine: ${r.case} — this thread's event loop during the warm check: longest gap / p99 (ms, a ${LOOP_RESOLUTION_MS} ms timer), and the longest gap ÷ the check`,
      value: `${r.loopMaxMs} / ${r.loopP99Ms}, ${(r.loopMaxMs / r.warmMs).toFixed(3)}`,
    },
  ]);
}

async function main(): Promise<void> {
  if (process.argv[2] === '--child') {
    const [pdfPath, spec, previewPath] = process.argv.slice(3);
    process.stdout.write(JSON.stringify(await measure(pdfPath, JSON.parse(spec) as PreflightSpec, previewPath)));
    return;
  }
  const rows = await measureCases();
  console.table(rows);
  const load = os.loadavg()[0].toFixed(1);
  console.log(JSON.stringify({ bench: 'artwork', node: process.version, cpus: os.cpus().length, loadAverage: Number(load), rows }));
}

// Run when executed, not when imported (for its PDF generator).
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await main();
