/** A `Content-Disposition: attachment` header for `name`: an ASCII file name, with the UTF-8 form beside it. */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
