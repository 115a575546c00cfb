import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Title, useGetIdentity } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { DashboardTile } from '../../shared/ui';
import { STAFF_AREAS, staffUrl, type StaffArea } from '../staffAreas';
import { RouterLinkAdapter } from '../common/RouterLinkAdapter';
import { StaffTitle } from '../common/StaffTitle';
import { accountsAwaiting, awaitingApprovalUrl, useAwaitingApprovalCount } from '../users/awaitingApproval';
import type { StaffOrderCounts } from '../../shared/api/staff-orders';
import { useOrderCounts, waitingText } from '../orders/useOrderCounts';
import type { BatchWaiting, RoyalMailStatus } from '../../shared/api/staff-production';
import { useBatchesWaiting, waitingForPressText } from '../batches/useBatchesWaiting';
import { royalMailWaitingText, useRoyalMailStatus } from '../royalmail/useRoyalMailStatus';
import type { TicketCounts } from '../../shared/api/tickets';
import { useTicketCounts, waitingForStaffText } from '../tickets/useTicketCounts';
import { lazyScreen } from '../common/lazyScreen';

// The charts' code (MUI X Charts) arrives after the tiles: the tiles show first.
const MonthAtAGlance = lazyScreen(
  () => import('./MonthAtAGlance'),
  (m) => m.default,
);

/** What waits for staff, area by area (each read on its own: a tile says what it knows). */
interface Waiting {
  awaiting?: number;
  orders?: StaffOrderCounts;
  press?: BatchWaiting;
  royalMail?: RoyalMailStatus;
  tickets?: TicketCounts;
}

/** What a tile says: the area, and what waits there (accounts to approve, orders, items for the press, parcels to dispatch, tickets to answer). */
function describe(area: StaffArea, { awaiting, orders, press, royalMail, tickets }: Waiting): string {
  if (area.path === 'users' && awaiting) return `${area.description} ${accountsAwaiting(awaiting)}.`;
  if (area.path === 'orders' && orders) return `${area.description} ${waitingText(orders)}`;
  if (area.path === 'batches' && press) return `${area.description} ${waitingForPressText(press)}`;
  if (area.path === 'royalmail' && royalMail) return `${area.description} ${royalMailWaitingText(royalMail)}`;
  if (area.path === 'tickets' && tickets) return `${area.description} ${waitingForStaffText(tickets)}`;
  return area.description;
}

/** /admin (admin.index): a tile per staff area — icon, name and description, linking to its page. */
export function Dashboard() {
  const { identity } = useGetIdentity();
  const awaiting = useAwaitingApprovalCount();
  const { data: orders } = useOrderCounts();
  const { data: press } = useBatchesWaiting();
  const { data: royalMail } = useRoyalMailStatus();
  const { data: tickets } = useTicketCounts();
  return (
    <Box sx={{ py: 2 }}>
      <Title title={<StaffTitle page="Dashboard" />} />
      <Typography variant="h2" gutterBottom>
        Staff area
      </Typography>
      <Typography variant="body1" color="text.secondary" sx={{ mb: 3 }}>
        {identity?.fullName ? `Welcome back, ${identity.fullName}. ` : ''}Choose what to manage.
      </Typography>
      {awaiting ? (
        <Alert
          severity="info"
          sx={{ mb: 3 }}
          action={
            <Button component={RouterLink} to={awaitingApprovalUrl()} color="inherit" size="small">
              Review
            </Button>
          }
        >
          {accountsAwaiting(awaiting)}: they can sign in but not order until you give them a role.
        </Alert>
      ) : null}
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
            description={describe(area, { awaiting, orders, press, royalMail, tickets })}
            url={staffUrl(area.path)}
            linkComponent={RouterLinkAdapter}
          />
        ))}
      </Box>
      <MonthAtAGlance />
    </Box>
  );
}
