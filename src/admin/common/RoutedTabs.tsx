import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';
import { Link as RouterLink, Navigate, Route, Routes, useParams } from 'react-router-dom';

export interface RoutedTab {
  /** The tab's path below the page, '' for the first (e.g. /admin/users/5 and /admin/users/5/logo). */
  path: string;
  label: string;
  content: ReactNode;
}

/**
 * Tabs that are addresses: each tab is a URL below `base` (bookmarkable, the back button works).
 * It must sit in a route ending in `/*`, such as react-admin's edit route `:id/*`.
 */
export function RoutedTabs({ base, tabs, label }: { base: string; tabs: readonly RoutedTab[]; label: string }) {
  const rest = useParams()['*'] ?? '';
  const current = tabs.find((tab) => tab.path && rest.split('/')[0] === tab.path) ?? tabs[0];
  return (
    <>
      {/* A grid track of minmax(0, 1fr) gives the row no minimum width: on a phone the tabs scroll
          sideways instead of widening the page (react-admin's layout grows to fit its content). */}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={current.path} variant="scrollable" allowScrollButtonsMobile aria-label={label}>
          {tabs.map((tab) => (
            <Tab key={tab.path} value={tab.path} label={tab.label} component={RouterLink} to={tab.path ? `${base}/${tab.path}` : base} />
          ))}
        </Tabs>
      </Box>
      <Box sx={{ pt: 1 }}>
        <Routes>
          {tabs.map((tab) =>
            tab.path ? <Route key={tab.path} path={`${tab.path}/*`} element={tab.content} /> : <Route key="index" index element={tab.content} />,
          )}
          <Route path="*" element={<Navigate to={base} replace />} />
        </Routes>
      </Box>
    </>
  );
}
