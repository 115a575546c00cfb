import { Pagination, useListContext } from 'react-admin';

/** The sizes every list offers, as well as its own default. */
const SIZES = [10, 25, 50, 100];

/**
 * A list's pages: rows-per-page options that always include the list's default (Stock and
 * Products show 100 a page, but react-admin's menu offered 5/10/25/50 only).
 */
export function StaffPagination() {
  const { perPage } = useListContext();
  const options = [...new Set([...SIZES, perPage])].filter((n) => n > 0).sort((a, b) => a - b);
  return <Pagination rowsPerPageOptions={options} />;
}
