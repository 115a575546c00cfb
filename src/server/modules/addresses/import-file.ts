import { parse } from 'csv-parse/sync';
import { ADDRESS_IMPORT_COLUMNS, ADDRESS_IMPORT_MAX_ROWS } from '../../../shared/api/addresses';

export type ImportColumn = (typeof ADDRESS_IMPORT_COLUMNS)[number];

/** One data row of an import: its number (the first row under the header is 1) and its cells by column. */
export interface ImportLine {
  row: number;
  cells: Partial<Record<ImportColumn, string>>;
}

/**
 * Header names people write for the columns, beside the JSON fields' own names: what a spreadsheet
 * or another system's export calls them. Compared after lower-casing and turning spaces and dashes into `_`.
 */
const ALIASES: Record<string, ImportColumn> = {
  first_name: 'firstname',
  last_name: 'lastname',
  surname: 'lastname',
  company: 'company_name',
  phone: 'telephone',
  e_mail: 'email',
  address_1: 'address1',
  address_line_1: 'address1',
  address_2: 'address2',
  address_line_2: 'address2',
  city: 'town',
  post_code: 'postcode',
  country_code: 'country',
  default: 'is_default',
};

const headerKey = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
const columnOf = (cell: string): ImportColumn | undefined => {
  const key = headerKey(cell);
  return (ADDRESS_IMPORT_COLUMNS as readonly string[]).includes(key) ? (key as ImportColumn) : ALIASES[key];
};

/**
 * Reads an address file (CSV, UTF-8 with or without a BOM, CRLF or LF; commas, semicolons or tabs):
 * a header row naming the columns, then one address a row. Reading never throws: a file that
 * cannot be used answers one `error` naming what to mend.
 */
export function readAddressFile(text: string): { lines: ImportLine[]; error?: string } {
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
      delimiter: [',', ';', '\t'],
    }) as string[][];
  } catch (error) {
    return { lines: [], error: `This file is not a CSV that can be read: ${(error as Error).message}` };
  }
  if (!records.length) return { lines: [], error: 'The file is empty: it needs a header row naming the columns, then one address a row.' };
  const [header, ...data] = records;
  const columns = header.map(columnOf);
  const unknown = header.filter((cell, i) => !columns[i] && cell.trim() !== '');
  if (unknown.length) {
    return { lines: [], error: `Unknown column ${unknown.map((c) => `"${c}"`).join(', ')}: the columns are ${ADDRESS_IMPORT_COLUMNS.join(', ')}.` };
  }
  const twice = columns.find((c, i) => c && columns.indexOf(c) !== i);
  if (twice) return { lines: [], error: `The column ${twice} is named twice in the header row.` };
  if (!columns.some(Boolean)) return { lines: [], error: `The first row must name the columns: ${ADDRESS_IMPORT_COLUMNS.join(', ')}.` };
  if (!data.length) return { lines: [], error: 'The file has a header row but no addresses under it.' };
  if (data.length > ADDRESS_IMPORT_MAX_ROWS) {
    return {
      lines: [],
      error: `At most ${ADDRESS_IMPORT_MAX_ROWS.toLocaleString('en-GB')} addresses in one file (this one has ${data.length.toLocaleString('en-GB')}): split it.`,
    };
  }
  const lines = data.map((record, i) => {
    const cells: Partial<Record<ImportColumn, string>> = {};
    columns.forEach((column, at) => {
      if (column) cells[column] = record[at] ?? '';
    });
    return { row: i + 1, cells };
  });
  return { lines };
}
