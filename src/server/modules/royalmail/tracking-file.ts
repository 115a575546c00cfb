import { parse } from 'csv-parse/sync';

/** One line of a tracking file as typed: which order (number or reference) and its tracking number. */
export interface TrackingLine {
  /** The file's own line number (1 is the first line, the header when there is one). */
  row: number;
  order: string;
  tracking: string;
}

/** The most lines one file may have: a day's Royal Mail dispatches many times over. */
export const TRACKING_FILE_MAX_ROWS = 5000;

const ORDER_HEADER = /order|reference|\bref\b/i;
const TRACKING_HEADER = /tracking|barcode|consignment/i;

/**
 * Reads a tracking file (CSV, UTF-8, with or without a BOM; commas or semicolons): two columns,
 * order number or reference and tracking number, or any columns under a header row that names
 * them (Click & Drop's own export: "Order reference", "Tracking number"). Reading never throws:
 * a file that is not CSV answers one error.
 */
export function readTrackingFile(text: string): { lines: TrackingLine[]; error?: string } {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      delimiter: [',', ';', '\t'],
      info: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (error) {
    return { lines: [], error: `This file is not a CSV that can be read: ${(error as Error).message}` };
  }
  if (!records.length) return { lines: [], error: 'The file is empty: it needs a line per order (order number or reference, tracking number).' };
  if (records.length > TRACKING_FILE_MAX_ROWS + 1) return { lines: [], error: `At most ${TRACKING_FILE_MAX_ROWS} lines in one file.` };

  const [first] = records.map((r) => r.record);
  const orderColumn = first.findIndex((cell) => ORDER_HEADER.test(cell) && !TRACKING_HEADER.test(cell));
  const trackingColumn = first.findIndex((cell) => TRACKING_HEADER.test(cell));
  const hasHeader = orderColumn >= 0 && trackingColumn >= 0;
  const [orderAt, trackingAt] = hasHeader ? [orderColumn, trackingColumn] : [0, 1];
  const lines = records.slice(hasHeader ? 1 : 0).map(({ record, info }) => ({
    row: info.lines,
    order: (record[orderAt] ?? '').replace(/^#/, ''),
    tracking: record[trackingAt] ?? '',
  }));
  return { lines };
}
