import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { ReactElement, ReactNode } from 'react';
import { List, type ListProps } from 'react-admin';
import { StaffPagination } from './StaffPagination';
import { StaffTitle } from './StaffTitle';

interface StaffListProps extends Omit<ListProps, 'title' | 'pagination' | 'children'> {
  /** The page's name, in the app bar and the tab's title. */
  page: string;
  /** What narrow screens show instead of the table (a SimpleList): a table is too wide there. */
  phone: ReactElement;
  /** The widths that are narrow: below `md` by default. */
  narrowBelow?: 'sm' | 'md';
  /** The table (a DataTable) of wider screens. */
  children: ReactElement;
}

/**
 * A staff list page: react-admin's List with our pagination (rows-per-page with the list's own
 * default) and title, showing a table on wide screens and a simple list on narrow ones.
 */
export function StaffList({ page, phone, narrowBelow = 'md', children, ...list }: StaffListProps): ReactNode {
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down(narrowBelow));
  return (
    <List pagination={<StaffPagination />} title={<StaffTitle page={page} />} {...list}>
      {narrow ? phone : children}
    </List>
  );
}
