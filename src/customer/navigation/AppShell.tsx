import { Outlet } from 'react-router-dom';
import { ProgressBar } from './ProgressBar';
import { useNavigationProgress } from './useNavigationProgress';
import { useScrollAfterNavigation } from './useScrollAfterNavigation';

/** The root route's element: navigation behaviour that every page shares (specification §2, §9). */
export function AppShell() {
  useNavigationProgress();
  useScrollAfterNavigation();
  return (
    <>
      <ProgressBar />
      <Outlet />
    </>
  );
}
