import { useEffect } from 'react';
import { useGetRecordRepresentation, useRecordContext, useResourceContext } from 'react-admin';

/**
 * The application name in tab titles. Read as the customer app reads it (VITE_APP_NAME, for a
 * white-label build); the staff area may not import the customer's config (DESIGN §1).
 */
export const APP_NAME: string = import.meta.env.VITE_APP_NAME?.trim() || 'Print Junction Trade';

/** Between the page and the record in a tab title: "Users › Jane Parker". */
export const TITLE_PARTS_SEPARATOR = ' › ';

/** "Users › Jane Parker | Print Junction Trade": the page, the record if any, then the application (specification §2). */
export function staffDocumentTitle(...parts: Array<string | null | undefined>): string {
  const named = parts.map((part) => part?.trim()).filter(Boolean);
  return named.length ? `${named.join(TITLE_PARTS_SEPARATOR)} | ${APP_NAME}` : APP_NAME;
}

/** Keeps the tab's title while the page shows (the last page to set it wins, as pages replace one another). */
export function useStaffDocumentTitle(...parts: Array<string | null | undefined>): void {
  const title = staffDocumentTitle(...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/**
 * A staff page's title, as react-admin's `title` prop (List, Edit, Create, <Title>): the app bar
 * shows `shown` (default: the record, else the page) and the tab reads "Page › Record | App".
 */
export function StaffTitle({ page, record, shown }: { page: string; record?: string | null; shown?: string }) {
  useStaffDocumentTitle(page, record);
  return <span>{shown ?? record ?? page}</span>;
}

/** The title of a record's page: the page's name and the record's representation (each resource's index.ts). */
export function RecordTitle({ page, shown }: { page: string; shown?: (representation: string) => string }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const represent = useGetRecordRepresentation(resource);
  const representation = record ? String(represent(record) ?? '') : null;
  return <StaffTitle page={page} record={representation} shown={representation && shown ? shown(representation) : undefined} />;
}
