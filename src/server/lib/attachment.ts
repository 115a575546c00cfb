/**
 * A `Content-Disposition` header for `name`: an ASCII file name, with the UTF-8 form beside it;
 * `inline` for a file the browser may show itself (a ticket's picture), else a download.
 */
export function attachment(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
