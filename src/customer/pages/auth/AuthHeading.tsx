import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { useRouteHandle } from '../../navigation/routeHandle';

/** The heading of a signed-out page: the route's title, and a line saying what the page is for. */
export function AuthHeading({ children }: { children?: ReactNode }) {
  const title = useRouteHandle()?.title;
  return (
    <>
      <Typography variant="h1" gutterBottom>
        {title}
      </Typography>
      {children && (
        <Typography variant="body1" color="text.secondary" sx={{ mb: 1 }}>
          {children}
        </Typography>
      )}
    </>
  );
}
