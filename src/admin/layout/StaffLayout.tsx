import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { StaffAppBar } from './StaffAppBar';
import { StaffMenu } from './StaffMenu';

/**
 * react-admin's layout (min-width: fit-content) grows as wide as its widest child, so one wide table made
 * the whole page scroll sideways on a phone. With no minimum width the content keeps to the
 * window, and wide tables scroll inside their own box (nothing scrolls sideways at 375 px).
 */
export function StaffLayout({ children }: { children: ReactNode }) {
  return (
    <Layout
      appBar={StaffAppBar}
      menu={StaffMenu}
      sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 }, '& .RaLayout-contentWithSidebar': { minWidth: 0 } }}
    >
      {children}
    </Layout>
  );
}
