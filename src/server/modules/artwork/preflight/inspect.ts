import { colourCheck, fontsCheck, resolutionCheck } from './content-checks';
import { FILE_MESSAGES, fileCheck, fileEnds, fileFailure, pageCountCheck } from './file-checks';
import { pageGeometry, type PageGeometry } from './page-boxes';
import { emptyContent, inspectContent } from './page-content';
import { FPDF_ERR, openDocument, type Pdfium } from './pdfium';
import { sizeChecks } from './size-checks';
import { assertValidSpec, reportOf, type PreflightReport, type PreflightSpec } from './types';

/*
 * The preflight of DESIGN §2 "Artwork", on an open PDFium document: the file's own checks first
 * (a file that is no readable PDF gets no others), then what each page's boxes and content say.
 * Each check is in a file of its own kind: file-checks, size-checks, content-checks.
 */

/** Enough pages to cover a double-sided item and a customer's obvious extra; the count check covers the rest. */
const MAX_PAGES_INSPECTED = 10;

/** Runs on an opened document, page 1 onwards; `onOpen` sees the document before it closes (the preview). */
export function inspectArtwork(pdfium: Pdfium, pdfPath: string, spec: PreflightSpec, onOpen?: (doc: number, report: PreflightReport) => void): PreflightReport {
  assertValidSpec(spec);
  const ends = fileEnds(pdfPath);
  if (!ends.isPdf) return fileFailure(FILE_MESSAGES.notPdf);
  if (!ends.complete) return fileFailure(FILE_MESSAGES.damaged);

  const opened = openDocument(pdfium, pdfPath);
  if (!opened.ok) {
    if (opened.error === FPDF_ERR.PASSWORD) return fileFailure(FILE_MESSAGES.password);
    if (opened.error === FPDF_ERR.SECURITY) return fileFailure(FILE_MESSAGES.encrypted);
    return fileFailure(FILE_MESSAGES.damaged);
  }
  try {
    const { doc } = opened;
    // Opened with no password yet encrypted: an owner (permissions) password only.
    if (pdfium._FPDF_GetSecurityHandlerRevision(doc) !== -1) return fileFailure(FILE_MESSAGES.encrypted);
    const pages = pdfium._FPDF_GetPageCount(doc);
    if (pages < 1) return fileFailure(FILE_MESSAGES.damaged);

    const geometries: PageGeometry[] = [];
    const content = emptyContent();
    for (let index = 0; index < Math.min(pages, MAX_PAGES_INSPECTED); index++) {
      const page = pdfium._FPDF_LoadPage(doc, index);
      if (!page) return fileFailure(FILE_MESSAGES.damaged);
      try {
        geometries.push(pageGeometry(pdfium, page, index + 1));
        inspectContent(pdfium, page, index + 1, content);
      } finally {
        pdfium._FPDF_ClosePage(page);
      }
    }

    const report = reportOf(pages, [
      fileCheck(!pdfium._FPDF_DocumentHasValidCrossReferenceTable(doc)),
      pageCountCheck(pages, spec),
      ...sizeChecks(geometries, spec),
      fontsCheck(content),
      resolutionCheck(content),
      colourCheck(content),
    ]);
    onOpen?.(doc, report);
    return report;
  } finally {
    opened.close();
  }
}
