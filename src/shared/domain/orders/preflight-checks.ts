/**
 * The names of the artwork checks (DESIGN §2 "Artwork"): the `code` of each check of a preflight
 * report, as people read it — on a proof's check panel and in the staff reports alike.
 */
export const PREFLIGHT_CHECK_NAMES: Record<string, string> = {
  file: 'File',
  page_count: 'Pages',
  page_size: 'Page size',
  orientation: 'Orientation',
  fonts: 'Fonts',
  image_resolution: 'Image resolution',
  colour: 'Colour',
};

/** A check's name, or its code when it is one this list does not know (a report stored by a newer check). */
export const preflightCheckName = (code: string): string => PREFLIGHT_CHECK_NAMES[code] ?? code;
