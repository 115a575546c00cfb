import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preflight, renderPreview, type CheckCode, type PreflightReport, type PreflightSpec } from '../../../src/server/modules/artwork/preflight';
import { encryptedPdf, placedPdf, writePdf, type ImageSpec } from './fixtures';

// A business card: 85 × 55 mm trim, 3 mm bleed, so 91 × 61 mm with bleed.
const CARD: PreflightSpec = { trimWidthMm: 85, trimHeightMm: 55, bleedMm: 3, sides: 'single', orientation: 'landscape' };
const WITH_BLEED = { widthMm: 91, heightMm: 61 };

/** A CMYK image filling the card with bleed at `ppi`. */
const cardImage = (ppi: number, colour: ImageSpec['colour'] = 'cmyk'): ImageSpec => ({
  colour,
  widthPx: Math.round((91 / 25.4) * ppi),
  heightPx: Math.round((61 / 25.4) * ppi),
  widthMm: 91,
  heightMm: 61,
});

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'pjt-artwork-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const check = (report: PreflightReport, code: CheckCode) => {
  const found = report.checks.find((c) => c.code === code);
  if (!found) throw new Error(`No ${code} check in ${JSON.stringify(report)}`);
  return found;
};
/** Every check but the named ones passed. */
const othersPass = (report: PreflightReport, ...except: CheckCode[]) =>
  expect(report.checks.filter((c) => !except.includes(c.code) && c.status !== 'pass')).toEqual([]);

describe('preflight: page size, bleed and orientation', () => {
  it('passes the right size with bleed, with every check and a plain message', async () => {
    const report = await preflight(await writePdf(dir, 'bleed.pdf', [{ ...WITH_BLEED, image: cardImage(300) }]), CARD);
    expect(report.status).toBe('pass');
    expect(report.pages).toBe(1);
    expect(report.checks.map((c) => c.code)).toEqual(['file', 'page_count', 'page_size', 'orientation', 'fonts', 'image_resolution', 'colour']);
    expect(check(report, 'page_size').message).toBe('Page 1: 91 × 61 mm, the 85 × 55 mm trim with 3 mm bleed.');
  });

  it('accepts ±1 mm and the other orientation for the size (orientation is its own check)', async () => {
    const near = await preflight(await writePdf(dir, 'near.pdf', [{ widthMm: 91.8, heightMm: 60.3 }]), CARD);
    expect(near.status).toBe('pass');
    const turned = await preflight(await writePdf(dir, 'turned.pdf', [{ widthMm: 61, heightMm: 91 }]), { ...CARD, orientation: 'portrait' });
    expect(turned.status).toBe('pass');
  });

  it('warns when the page is the trim size: no bleed', async () => {
    const report = await preflight(await writePdf(dir, 'nobleed.pdf', [{ widthMm: 85, heightMm: 55 }]), CARD);
    expect(report.status).toBe('warn');
    expect(check(report, 'page_size')).toMatchObject({ status: 'warn', message: expect.stringContaining('no bleed') });
    expect(check(report, 'page_size').message).toContain('91 × 61 mm');
    othersPass(report, 'page_size');
  });

  it('fails another size, saying what it is and what is needed', async () => {
    const report = await preflight(await writePdf(dir, 'a4.pdf', [{ widthMm: 297, heightMm: 210 }]), CARD);
    expect(report.status).toBe('fail');
    expect(check(report, 'page_size')).toEqual({
      code: 'page_size',
      status: 'fail',
      message: expect.stringMatching(/^Page 1 is 297 × 210 mm, but this product needs 91 × 61 mm/),
    });
  });

  it('warns when the orientation differs from the item', async () => {
    const report = await preflight(await writePdf(dir, 'portrait.pdf', [{ widthMm: 61, heightMm: 91 }]), CARD);
    expect(report.status).toBe('warn');
    expect(check(report, 'orientation')).toMatchObject({ status: 'warn', message: expect.stringContaining('portrait but this item is ordered landscape') });
    othersPass(report, 'orientation');
  });

  it('judges orientation as the page is shown, after /Rotate', async () => {
    const turned = await preflight(await writePdf(dir, 'rotated.pdf', [{ ...WITH_BLEED, rotateDegrees: 90 }]), CARD);
    expect(check(turned, 'page_size').status).toBe('pass');
    expect(check(turned, 'orientation')).toMatchObject({ status: 'warn', message: expect.stringContaining('Page 1 is portrait') });
  });

  it('reads a TrimBox and BleedBox when present (a page with crop marks around it)', async () => {
    // 85 × 55 trim inside a 111 × 81 page: 13 mm of slug for marks, bleed to the page edge.
    const marks = await preflight(await writePdf(dir, 'marks.pdf', [{ widthMm: 111, heightMm: 81, trimInsetMm: 13 }]), CARD);
    expect(marks.status).toBe('pass');
    expect(check(marks, 'page_size').message).toBe('Page 1: 85 × 55 mm trim with 3 mm bleed.');
    const wrongTrim = await preflight(await writePdf(dir, 'wrongtrim.pdf', [{ widthMm: 156, heightMm: 128, trimInsetMm: 13 }]), CARD);
    expect(check(wrongTrim, 'page_size')).toMatchObject({ status: 'fail', message: expect.stringContaining('trimmed to 130 × 102 mm') });
    const shortBleed = await preflight(await writePdf(dir, 'shortbleed.pdf', [{ widthMm: 88, heightMm: 58, trimInsetMm: 1.5 }]), CARD);
    expect(check(shortBleed, 'page_size')).toMatchObject({ status: 'warn', message: expect.stringContaining('only 1.5 mm of bleed') });
  });
});

describe('preflight: page count', () => {
  it('fails two pages for a single-sided item', async () => {
    const report = await preflight(await writePdf(dir, 'two.pdf', [WITH_BLEED, WITH_BLEED]), CARD);
    expect(report).toMatchObject({ status: 'fail', pages: 2 });
    expect(check(report, 'page_count')).toMatchObject({
      status: 'fail',
      message: 'The file has 2 pages; this item is single-sided, so it needs exactly 1 page.',
    });
  });

  it('fails one page for a double-sided item and passes two', async () => {
    const double = { ...CARD, sides: 'double' } as const;
    const one = await preflight(await writePdf(dir, 'one.pdf', [WITH_BLEED]), double);
    expect(check(one, 'page_count')).toMatchObject({ status: 'fail', message: expect.stringContaining('needs 2 pages') });
    const two = await preflight(await writePdf(dir, 'front-back.pdf', [WITH_BLEED, WITH_BLEED]), double);
    expect(two.status).toBe('pass');
  });
});

describe('preflight: images and fonts', () => {
  it('warns of an RGB image: it will be converted to CMYK', async () => {
    const report = await preflight(await writePdf(dir, 'rgb.pdf', [{ ...WITH_BLEED, image: cardImage(300, 'rgb') }]), CARD);
    expect(report.status).toBe('warn');
    expect(check(report, 'colour')).toMatchObject({ status: 'warn', message: expect.stringContaining('will be converted to CMYK; colours may shift') });
    othersPass(report, 'colour');
  });

  it('fails a 72 ppi image and warns of a 200 ppi one, with the effective ppi from the placed size', async () => {
    const low = await preflight(await writePdf(dir, 'ppi72.pdf', [{ ...WITH_BLEED, image: cardImage(72) }]), CARD);
    expect(low.status).toBe('fail');
    expect(check(low, 'image_resolution')).toMatchObject({ status: 'fail', message: expect.stringContaining('prints at 72 ppi') });
    const soft = await preflight(await writePdf(dir, 'ppi200.pdf', [{ ...WITH_BLEED, image: cardImage(200) }]), CARD);
    expect(soft.status).toBe('warn');
    expect(check(soft, 'image_resolution')).toMatchObject({ status: 'warn', message: expect.stringContaining('prints at 200 ppi') });
    // The same 200 ppi pixels placed at half the size are 400 ppi.
    const small = { ...cardImage(200), widthMm: 45.5, heightMm: 30.5 };
    expect((await preflight(await writePdf(dir, 'ppi400.pdf', [{ ...WITH_BLEED, image: small }]), CARD)).status).toBe('pass');
  });

  it('finds images inside placed PDFs (form XObjects), at the size they are placed', async () => {
    // A 300 ppi image on a 45.5 × 30.5 mm page, placed at twice its size: 150 ppi on the card.
    const inner = { widthMm: 45.5, heightMm: 30.5, image: { ...cardImage(300, 'rgb'), widthPx: 537, heightPx: 360, widthMm: 45.5, heightMm: 30.5 } };
    const placed = path.join(dir, 'placed.pdf');
    writeFileSync(placed, await placedPdf(91, 61, inner, 2));
    const report = await preflight(placed, CARD);
    expect(check(report, 'image_resolution')).toMatchObject({ status: 'warn', message: expect.stringContaining('prints at 150 ppi') });
    expect(check(report, 'colour').status).toBe('warn');
  });

  it('warns of a font that is not embedded, naming it', async () => {
    const report = await preflight(await writePdf(dir, 'font.pdf', [{ ...WITH_BLEED, text: 'Print Junction' }]), CARD);
    expect(report.status).toBe('warn');
    expect(check(report, 'fonts')).toMatchObject({ status: 'warn', message: expect.stringContaining('not embedded (Helvetica)') });
    othersPass(report, 'fonts');
  });

  it('reports the worst of several problems as the overall status', async () => {
    const report = await preflight(await writePdf(dir, 'many.pdf', [{ widthMm: 85, heightMm: 55, text: 'x', image: cardImage(72, 'rgb') }]), CARD);
    expect(report.status).toBe('fail');
    expect(report.checks.filter((c) => c.status !== 'pass').map((c) => `${c.code}:${c.status}`)).toEqual([
      'page_size:warn',
      'fonts:warn',
      'image_resolution:fail',
      'colour:warn',
    ]);
  });
});

describe('preflight: files that cannot be printed', () => {
  const fileFailure = (report: PreflightReport) => {
    expect(report).toMatchObject({ status: 'fail', pages: 0 });
    expect(report.checks).toHaveLength(1);
    expect(report.checks[0]).toMatchObject({ code: 'file', status: 'fail' });
    return report.checks[0].message;
  };

  it('fails an encrypted PDF, with or without a password to open it', async () => {
    const locked = path.join(dir, 'locked.pdf');
    writeFileSync(locked, encryptedPdf({ userPassword: true }));
    expect(fileFailure(await preflight(locked, CARD))).toContain('password-protected');
    const restricted = path.join(dir, 'restricted.pdf');
    writeFileSync(restricted, encryptedPdf({ userPassword: false }));
    expect(fileFailure(await preflight(restricted, CARD))).toContain('encrypted');
  });

  it('fails a truncated PDF', async () => {
    const whole = readFileSync(await writePdf(dir, 'whole.pdf', [{ ...WITH_BLEED, image: cardImage(150) }]));
    const cut = path.join(dir, 'cut.pdf');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    expect(fileFailure(await preflight(cut, CARD))).toContain('damaged or incomplete');
  });

  it('fails a PDF whose body is garbage between a valid header and end', async () => {
    const garbage = path.join(dir, 'garbage.pdf');
    writeFileSync(garbage, Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 'x'), Buffer.from('\n%%EOF\n')]));
    expect(fileFailure(await preflight(garbage, CARD))).toContain('damaged');
  });

  it('fails a file that is not a PDF, and an empty one', async () => {
    const png = path.join(dir, 'picture.pdf');
    writeFileSync(
      png,
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    expect(fileFailure(await preflight(png, CARD))).toContain('not a PDF');
    const empty = path.join(dir, 'empty.pdf');
    writeFileSync(empty, '');
    expect(fileFailure(await preflight(empty, CARD))).toContain('not a PDF');
  });

  it('refuses a spec no product could have (a programming error, not a report)', async () => {
    const file = await writePdf(dir, 'spec.pdf', [WITH_BLEED]);
    await expect(preflight(file, { ...CARD, trimWidthMm: 0 })).rejects.toThrow(RangeError);
  });
});

describe('renderPreview', () => {
  it('writes page 1 as a PNG about 1000 px on the long side', async () => {
    const file = await writePdf(dir, 'preview.pdf', [
      { ...WITH_BLEED, image: cardImage(150) },
      { widthMm: 200, heightMm: 200 },
    ]);
    const out = path.join(dir, 'preview.png');
    expect(await renderPreview(file, out)).toEqual({ width: 1000, height: 670 });
    const meta = await sharp(out).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1000, height: 670 });
    // The image (blue) reaches page 1's pixels: not a blank page.
    const { data } = await sharp(out).extract({ left: 500, top: 300, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect(data[2]).toBeGreaterThan(data[0] + 100);
  });

  it('makes the long side the one asked for, portrait too', async () => {
    const file = await writePdf(dir, 'tall.pdf', [{ widthMm: 61, heightMm: 91 }]);
    const out = path.join(dir, 'tall.png');
    expect(await renderPreview(file, out, 400)).toEqual({ width: 268, height: 400 });
    expect(await sharp(out).metadata()).toMatchObject({ width: 268, height: 400 });
  });

  it('throws for a file it cannot open, leaving no PNG', async () => {
    const notPdf = path.join(dir, 'text.pdf');
    writeFileSync(notPdf, 'hello');
    const out = path.join(dir, 'none.png');
    await expect(renderPreview(notPdf, out)).rejects.toThrow(/not a PDF/);
    expect(() => readFileSync(out)).toThrow();
  });
});
