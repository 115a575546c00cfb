/** Letters (any script), digits, space and `. - _ ( ) &`: names every system the file may land on keeps as they are. */
const UNSAFE = /[^\p{L}\p{N} ._()&-]+/gu;
const MAX_STEM = 150;

/**
 * `name` made of safe characters only — the one rule for every download's file name, whether it
 * comes from us (`batch-12.zip`) or from someone's text (an artwork's name, an invoice number, a
 * company): path separators, quotes, control and other characters become `_`; no `..`, no leading
 * dot or dash (no hidden file, nothing read as an option), at most 150 characters before the
 * extension; `fallback` when nothing is left.
 */
export function safeFileName(name: string, fallback = 'download'): string {
  const cleaned = name
    .normalize('NFC')
    .replace(UNSAFE, '_')
    .replace(/\s+/g, ' ')
    .replace(/\.{2,}/g, '.')
    .replace(/_{2,}/g, '_')
    .replace(/^[\s._-]+|[\s.]+$/g, '');
  const dot = cleaned.lastIndexOf('.');
  const [stem, extension] = dot > 0 && cleaned.length - dot <= 10 ? [cleaned.slice(0, dot), cleaned.slice(dot)] : [cleaned, ''];
  const short = [...stem].slice(0, MAX_STEM).join('').trimEnd();
  return short ? `${short}${extension}` : fallback;
}

/** RFC 5987's ext-value: percent-encoded UTF-8, with the characters encodeURIComponent leaves but attr-char forbids encoded too. */
const extValue = (name: string) => encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A `Content-Disposition` header for `name` (made safe by safeFileName): an ASCII file name, with
 * the UTF-8 form beside it; `inline` for a file the browser may show itself (a ticket's picture),
 * else a download.
 */
export function attachment(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const safe = safeFileName(name);
  const ascii = safe
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${extValue(safe)}`;
}
