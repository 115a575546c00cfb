import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { StaffAppBar } from './StaffAppBar';
import { StaffMenu } from './StaffMenu';

export function StaffLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={StaffAppBar} menu={StaffMenu}>
      {children}
    </Layout>
  );
}
