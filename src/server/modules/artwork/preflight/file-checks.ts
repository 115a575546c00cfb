import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { reportOf, type PreflightCheck, type PreflightReport, type PreflightSpec } from './types';
import { plural } from './wording';

/** The `file` and `page_count` checks of DESIGN §2 "Artwork": is it a whole, open PDF, with the pages the item needs. */

export const FILE_MESSAGES = {
  notPdf: 'This file is not a PDF. Export or save your artwork as a PDF and upload that.',
  damaged:
    'This PDF is damaged or incomplete (it may have been cut short while saving or uploading), so it cannot be printed. Export it again and upload the new file.',
  password: 'This PDF is password-protected, so it cannot be opened for print. Save a copy without a password and upload that.',
  encrypted:
    'This PDF is encrypted (it has security settings, such as a permissions password), which our press software cannot print from. Save a copy with no security and upload that.',
  repaired: 'This PDF had a damaged internal index, which was repaired to read it. Check the preview carefully, or export it again to be safe.',
  ok: 'The file is a readable PDF.',
} as const;

/** The whole report of a file that cannot be checked further: its one `file` check fails. */
export const fileFailure = (message: string): PreflightReport => reportOf(0, [{ code: 'file', status: 'fail', message }]);

/** What the file's first and last kilobyte say: a PDF starts with %PDF- and a complete one ends with %%EOF. */
export function fileEnds(path: string): { isPdf: boolean; complete: boolean } {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const head = Buffer.alloc(Math.min(1024, size));
    readSync(fd, head, 0, head.length, 0);
    const tail = Buffer.alloc(Math.min(1024, size));
    readSync(fd, tail, 0, tail.length, size - tail.length);
    return { isPdf: head.includes('%PDF-'), complete: tail.includes('%%EOF') };
  } finally {
    closeSync(fd);
  }
}

/** The `file` check of a document that opened: a warning when PDFium had to repair its index. */
export function fileCheck(repaired: boolean): PreflightCheck {
  return repaired ? { code: 'file', status: 'warn', message: FILE_MESSAGES.repaired } : { code: 'file', status: 'pass', message: FILE_MESSAGES.ok };
}

export function pageCountCheck(pages: number, spec: PreflightSpec): PreflightCheck {
  const wanted = spec.sides === 'double' ? 2 : 1;
  const ordered = spec.sides === 'double' ? 'double-sided, so it needs 2 pages: the front then the back' : 'single-sided, so it needs exactly 1 page';
  if (pages === wanted) return { code: 'page_count', status: 'pass', message: `${plural(pages, 'page')}, as a ${spec.sides}-sided item needs.` };
  return { code: 'page_count', status: 'fail', message: `The file has ${plural(pages, 'page')}; this item is ${ordered}.` };
}
