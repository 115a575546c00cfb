import type { ElementType } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';

export interface DashboardTileProps {
  /** URL of the icon image (decorative: the name says what the tile is). */
  icon: string;
  name: string;
  description: string;
  url: string;
  /**
   * The link element; receives `href`. Defaults to a plain anchor. A router passes an adapter,
   * e.g. `forwardRef(({ href, ...p }, ref) => <RouterLink ref={ref} to={href} {...p} />)`.
   */
  linkComponent?: ElementType;
}

/** A dashboard card: icon, name and description, the whole card one link. */
export function DashboardTile({ icon, name, description, url, linkComponent = 'a' }: DashboardTileProps) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={linkComponent}
        href={url}
        // Content from the top, so tiles in a row line up whether their description takes one line or two.
        sx={{
          height: '100%',
          p: { xs: 1.5, sm: 2 },
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'flex-start',
          alignItems: 'center',
          gap: 1,
          textAlign: 'center',
        }}
      >
        <Box component="img" src={icon} alt="" width={64} height={64} sx={{ objectFit: 'contain' }} />
        <Typography component="h2" variant="h6">
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {description}
        </Typography>
      </CardActionArea>
    </Card>
  );
}
