import { previewPageCount, previewPageNames } from './preflight';

/**
 * An item's artwork previews: page 1 is stored at `preview_key`, the later pages beside it
 * (previewPageName). The artwork check draws every previewed page or none, so the count follows
 * from the file's page count in its report.
 */
export function previewPagesOf(item: { previewKey: string | null; preflight: unknown }): number {
  if (!item.previewKey) return 0;
  const pages = (item.preflight as { pages?: unknown } | null)?.pages;
  // A report without a page count (none is stored so) still has its page 1.
  return typeof pages === 'number' ? Math.max(1, previewPageCount(pages)) : 1;
}

/** Every file key an item's preview may have: what goes when its artwork does. */
export function previewFileKeys(previewKey: string | null | undefined): string[] {
  return previewKey ? previewPageNames(previewKey) : [];
}
