const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

const oneDecimal = (n: number) => n.toLocaleString('en-GB', { maximumFractionDigits: 1 });

/** "340 KB", "1.2 MB", "2 GB": a file's size as people read it, in the units the upload limits count (1 KB = 1,024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes >= GB) return `${oneDecimal(bytes / GB)} GB`;
  if (bytes >= MB) return `${oneDecimal(bytes / MB)} MB`;
  return `${Math.max(1, Math.round(bytes / KB)).toLocaleString('en-GB')} KB`;
}
