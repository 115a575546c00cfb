import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderArtworkPages, shownTrim } from '../../../src/server/modules/artwork/preflight/render-pages';
import { PT_PER_MM, writePdf } from '../artwork/fixtures';

/** The pages of a proof as the PDF engine draws them: their pictures, sizes and TrimBox as a viewer shows the page. */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pjt-render-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const mm = (v: number) => v * PT_PER_MM;

describe('shownTrim', () => {
  const visible = { left: 0, bottom: 0, right: 100, top: 60 };
  const trim = { left: 10, bottom: 5, right: 80, top: 50 };

  it('measures the TrimBox from the top-left corner of the page', () => {
    expect(shownTrim(visible, trim, 0)).toEqual({ x: 10, y: 10, width: 70, height: 45 });
  });

  it('turns it with the page, a quarter clockwise at a time', () => {
    // Turned a quarter: the page is 60 wide and 100 tall; the trim's bottom edge (5 up) is now 5 from the left.
    expect(shownTrim(visible, trim, 1)).toEqual({ x: 5, y: 10, width: 45, height: 70 });
    expect(shownTrim(visible, trim, 2)).toEqual({ x: 20, y: 5, width: 70, height: 45 });
    expect(shownTrim(visible, null, 1)).toBeNull();
  });
});

describe('renderArtworkPages', () => {
  it('draws each page up to the number asked for, with its size and TrimBox', async () => {
    const file = await writePdf(dir, 'two.pdf', [
      { widthMm: 91, heightMm: 61, trimInsetMm: 3 },
      { widthMm: 91, heightMm: 61, trimInsetMm: 3, rotateDegrees: 90 },
    ]);
    const outs = [1, 2, 3].map((i) => path.join(dir, `p${i}.jpg`));
    const drawn = await renderArtworkPages(file, outs, 800);
    expect(drawn.pages).toBe(2);
    expect(drawn.rendered).toHaveLength(2);
    const [front, turned] = drawn.rendered;
    expect([front.widthPx, front.heightPx]).toEqual([800, 536]);
    expect(front.widthPt).toBeCloseTo(mm(91), 1);
    expect(front.trim!.x).toBeCloseTo(mm(3), 1);
    expect(front.trim!.width).toBeCloseTo(mm(85), 1);
    // The turned page is shown portrait, its trim turned with it.
    expect([turned.widthPx, turned.heightPx]).toEqual([536, 800]);
    expect(turned.widthPt).toBeCloseTo(mm(61), 1);
    expect(turned.trim!.width).toBeCloseTo(mm(55), 1);
    expect((await stat(front.path)).size).toBeGreaterThan(1000);
  });

  it('throws for a file that is no PDF', async () => {
    const file = path.join(dir, 'nothing.pdf');
    await (await import('node:fs/promises')).writeFile(file, 'not a pdf');
    await expect(renderArtworkPages(file, [path.join(dir, 'x.jpg')], 800)).rejects.toThrow(/could not be opened/);
  });
});
