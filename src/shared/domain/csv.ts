/**
 * Every CSV the system writes (the batch's `jobs.csv`, the Click & Drop export, the customer's price
 * list) is written here, by one rule: RFC 4180 (fields quoted when they hold a quote, comma or line
 * break; CRLF between records), and no cell a spreadsheet would run as a formula.
 *
 * Formulas (OWASP "CSV Injection"): a cell beginning with `=`, `+`, `-`, `@`, a tab or a carriage
 * return — or the full-width `＝ ＋ － ＠` some spreadsheets fold into them — is written with a leading
 * apostrophe, so Excel, LibreOffice and Numbers show it as text. A customer named
 * `=HYPERLINK("http://evil.test","x")` is then a name on a staff member's screen, never a live link
 * or a command. Two kinds of cell are left as they are, because a spreadsheet can do nothing with
 * them but show a number: numbers we write ourselves (a `number`, or text that is a plain decimal
 * such as `-12.50`), and the cells a caller marks with `inertCell` (digits and phone punctuation only).
 */

/** What a cell may hold; null and undefined are empty cells. */
export type CsvCell = string | number | bigint | null | undefined | InertCell;

/** Text a caller has judged cannot be a formula (see inertCell): written as it is. */
export interface InertCell {
  readonly inert: string;
}

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;
/** Digits, spaces and `+ - ( ) .`: no function name, cell reference or command can be spelt with these. */
const DIGITS_AND_PUNCTUATION = /^[0-9+\-(). ]*$/;

/** `text` as a spreadsheet must show it: text that would start a formula gets a leading apostrophe. */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_DECIMAL.test(text) ? `'${text}` : text;
}

/**
 * A cell written exactly as `text` when it holds only digits, spaces and `+ - ( ) .` (a telephone
 * number such as `+44 20 7946 0000`): a spreadsheet may at worst read it as arithmetic, never as a
 * function, a reference or a command. Any other text stays ordinary and gets the formula rule.
 */
export function inertCell(text: string): CsvCell {
  return DIGITS_AND_PUNCTUATION.test(text) ? { inert: text } : text;
}

function cellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) throw new RangeError(`A CSV cell cannot hold ${cell}`);
    return String(cell);
  }
  if (typeof cell === 'bigint') return cell.toString();
  if (typeof cell === 'object') return cell.inert;
  return defuseFormula(cell);
}

/** One field, quoted when it holds a quote, a comma or a line break (RFC 4180). */
function field(cell: CsvCell): string {
  const text = cellText(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export interface CsvOptions {
  /** A UTF-8 byte-order mark first, so Excel reads `£` and accents as UTF-8 (not for machine imports that may not expect one). */
  bom?: boolean;
}

/** The rows (the first usually the headings) as CSV text: CRLF after every record. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<CsvCell>>, options: CsvOptions = {}): string {
  const body = rows.map((row) => row.map(field).join(',') + '\r\n').join('');
  return (options.bom ? '\uFEFF' : '') + body;
}
