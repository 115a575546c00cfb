import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRouteHandle } from '../navigation/routeHandle';

interface PageFrameProps {
  /** Defaults to the route table's title for this page. */
  title?: string;
  /** A line under the heading. */
  intro?: ReactNode;
  /** Buttons beside the heading. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The heading and spacing every page of the signed-in area shares. */
export function PageFrame({ title, intro, actions, children }: PageFrameProps) {
  const routeTitle = useRouteHandle()?.title;
  const heading = title ?? routeTitle;
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3, justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}>
        <Box>
          <Typography variant="h1">{heading}</Typography>
          {intro && (
            // A sentence is a paragraph; richer content (e.g. a grid of facts) cannot sit inside a <p>.
            <Typography variant="body1" color="text.secondary" sx={{ mt: 1 }} component={typeof intro === 'string' ? 'p' : 'div'}>
              {intro}
            </Typography>
          )}
        </Box>
        {actions && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {actions}
          </Stack>
        )}
      </Stack>
      {children}
    </Box>
  );
}
