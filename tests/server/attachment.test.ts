import { describe, expect, it } from 'vitest';
import { attachment, safeFileName } from '../../src/server/lib/attachment';

/** Every download's Content-Disposition is built by one helper, from safe characters only. */
describe('download file names', () => {
  it('keep letters, digits, spaces and . - _ ( ) &, and turn everything else into _', () => {
    expect(safeFileName('My card (v2).pdf')).toBe('My card (v2).pdf');
    expect(safeFileName('Crème brûlée & Co.pdf')).toBe('Crème brûlée & Co.pdf');
    expect(safeFileName('INV/2026/0042.pdf')).toBe('INV_2026_0042.pdf');
    expect(safeFileName('a"b\\c:d*e?f<g>h|i;j\r\nk.pdf')).toBe('a_b_c_d_e_f_g_h_i_j_k.pdf');
  });

  it('have no .., no leading dot or dash, and no more than 150 characters before the extension', () => {
    expect(safeFileName('../../etc/passwd')).toBe('etc_passwd');
    expect(safeFileName('report..pdf')).toBe('report.pdf');
    expect(safeFileName('.htaccess')).toBe('htaccess');
    expect(safeFileName('--help.pdf')).toBe('help.pdf');
    const long = safeFileName(`${'x'.repeat(400)}.pdf`);
    expect(long).toBe(`${'x'.repeat(150)}.pdf`);
    expect(safeFileName('///', 'invoice.pdf')).toBe('invoice.pdf');
    expect(safeFileName('')).toBe('download');
  });

  it('make a header with an ASCII name and the UTF-8 name, percent-encoded as RFC 5987 wants', () => {
    expect(attachment('batch-12.zip')).toBe(`attachment; filename="batch-12.zip"; filename*=UTF-8''batch-12.zip`);
    expect(attachment("Crème (v2)'s.pdf", 'inline')).toBe(`inline; filename="Creme (v2)_s.pdf"; filename*=UTF-8''Cr%C3%A8me%20%28v2%29_s.pdf`);
    expect(attachment('"; filename="evil.html')).toBe(`attachment; filename="filename_evil.html"; filename*=UTF-8''filename_evil.html`);
    expect(attachment('東京.pdf')).toBe(`attachment; filename="__.pdf"; filename*=UTF-8''%E6%9D%B1%E4%BA%AC.pdf`);
  });
});
