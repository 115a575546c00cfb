import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { defuseFormula, inertCell, toCsv } from '../../src/shared/domain/csv';

/** The one CSV rule (shared/domain/csv.ts): RFC 4180, and no cell a spreadsheet would run as a formula. */
describe('CSV writing', () => {
  it('writes every cell that would start a formula as text: = + - @ tab, carriage return and their full-width forms', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']) {
      expect(defuseFormula(`${start}HYPERLINK("http://evil.test","x")`)).toBe(`'${start}HYPERLINK("http://evil.test","x")`);
    }
    expect(defuseFormula('Ink & Co')).toBe('Ink & Co');
    expect(defuseFormula('')).toBe('');
    expect(defuseFormula('A=B')).toBe('A=B');
  });

  it('leaves numbers alone: negative amounts stay numbers, as numbers and as plain decimal text', () => {
    const text = toCsv([
      ['Amount', 'As text', 'Not a number'],
      [-12.5, '-12.50', '-12.50+cmd'],
      [0, '7', '-'],
      [10n, null, undefined],
    ]);
    expect(text).toBe("Amount,As text,Not a number\r\n-12.5,-12.50,'-12.50+cmd\r\n0,7,'-\r\n10,,\r\n");
  });

  it('quotes a field holding a quote, comma or line break, after the apostrophe, and reads back to the defused text', () => {
    const hostile = '=HYPERLINK("http://evil.test","x")';
    const text = toCsv(
      [
        ['Name', 'Notes'],
        [hostile, 'two\r\nlines, "quoted"'],
      ],
      { bom: true },
    );
    expect(text.startsWith('\uFEFFName,Notes\r\n')).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(parse(text, { bom: true })).toEqual([
      ['Name', 'Notes'],
      [`'${hostile}`, 'two\r\nlines, "quoted"'],
    ]);
  });

  it('writes a phone number of digits and phone punctuation as typed, and any other text by the rule', () => {
    expect(toCsv([[inertCell('+44 (0)20 7946-0000'), inertCell('0113 496 0000'), inertCell("=cmd|' /C calc'!A0"), inertCell('+44 ext. two')]])).toBe(
      "+44 (0)20 7946-0000,0113 496 0000,'=cmd|' /C calc'!A0,'+44 ext. two\r\n",
    );
  });

  it('refuses a number that is not finite rather than write NaN', () => {
    expect(() => toCsv([[Number.NaN]])).toThrow(RangeError);
  });
});
