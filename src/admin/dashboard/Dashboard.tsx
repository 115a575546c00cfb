import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Title, useGetIdentity } from 'react-admin';
import { DashboardTile } from '../../shared/ui';
import { STAFF_AREAS, staffUrl } from '../areas/staffAreas';
import { RouterLinkAdapter } from '../common/RouterLinkAdapter';

/** /admin (admin.index): a tile per staff area — icon, name and description, linking to its page. */
export function Dashboard() {
  const { identity } = useGetIdentity();
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Dashboard" />
      <Typography variant="h1" gutterBottom>
        Staff area
      </Typography>
      <Typography variant="body1" color="text.secondary" sx={{ mb: 3 }}>
        {identity?.fullName ? `Welcome back, ${identity.fullName}. ` : ''}Choose what to manage.
      </Typography>
      <Box
        component="nav"
        aria-label="Staff areas"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}
      >
        {STAFF_AREAS.map((area) => (
          <DashboardTile
            key={area.path}
            icon={area.image}
            name={area.name}
            description={area.ready ? area.description : `${area.description} (coming soon)`}
            url={staffUrl(area.path)}
            linkComponent={RouterLinkAdapter}
          />
        ))}
      </Box>
    </Box>
  );
}
