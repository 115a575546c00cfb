import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink } from 'react-router-dom';
import { mayOrder } from '../../../shared/api/accounts-basics';
import { useAuth } from '../../../shared/auth';
import { ORDER_STATUS_NAMES, type ConfirmedOrderStatus } from '../../../shared/domain/orders/statuses';
import { companyMay } from '../../../shared/domain/companies/roles';
import { DashboardTile } from '../../../shared/ui/DashboardTile';
import { useOrderCounts } from '../../api/orders';
import { HrefLink } from '../../components/HrefLink';
import { PageFrame } from '../../components/PageFrame';
import { route } from '../../paths';
import { OrderSearch } from './OrderSearch';

/** The four tiles of the home page: the statuses a customer follows day to day (named in shared/domain). */
const TILES = [
  { status: 'live', icon: '/tiles/pending.svg', about: 'Confirmed and waiting for production' },
  { status: 'printing', icon: '/tiles/processing.svg', about: 'On the press or being finished' },
  { status: 'problem', icon: '/tiles/issues.svg', about: 'Held until you act, e.g. new artwork' },
  { status: 'dispatched', icon: '/tiles/dispatched.svg', about: 'On their way to you' },
] as const satisfies readonly { status: ConfirmedOrderStatus; icon: string; about: string }[];

const orders = (count: number) => `${count} ${count === 1 ? 'order' : 'orders'}`;

/** "3 orders · Confirmed…"; Pending adds how many of them wait for the customer's approval of a proof. */
function describe(count: number | undefined, about: string, awaiting = 0): string {
  if (count === undefined) return about;
  return `${orders(count)}${awaiting ? ` (${awaiting} waiting for your approval)` : ''} · ${about}`;
}

/** Orders that wait for the customer: printing starts only when they approve the proofs. */
function AwaitingApproval({ count }: { count: number }) {
  return (
    <Alert
      severity="warning"
      sx={{ mb: 3 }}
      action={
        <Button color="inherit" size="small" component={RouterLink} to={route('orders.index', {}, { status: 'live' })}>
          See Pending orders
        </Button>
      }
    >
      <AlertTitle>Waiting for your approval</AlertTitle>
      {count === 1 ? '1 order has' : `${count} orders have`} a proof for you to approve: we print nothing until you do.
    </Alert>
  );
}

/**
 * The company's orders waiting for an owner: buyers' orders above their approval limit, not confirmed
 * until an owner approves them. An owner is asked to decide; a buyer or viewer is told they wait.
 */
function AwaitingOwners({ count, mayDecide }: { count: number; mayDecide: boolean }) {
  const orders = count === 1 ? '1 order of your company waits' : `${count} orders of your company wait`;
  return (
    <Alert
      severity="info"
      sx={{ mb: 3 }}
      action={
        <Button color="inherit" size="small" component={RouterLink} to={route('orders.index', {}, { status: 'approval' })}>
          See them
        </Button>
      }
    >
      <AlertTitle>{mayDecide ? 'Orders for you to approve' : 'Waiting for an owner'}</AlertTitle>
      {mayDecide
        ? `${orders} for an owner’s approval: approve or decline ${count === 1 ? 'it' : 'them'}.`
        : `${orders} for an owner’s approval: ${count === 1 ? 'it is' : 'they are'} not confirmed until an owner approves.`}
    </Alert>
  );
}

export default function HomePage() {
  const { user } = useAuth();
  const counts = useOrderCounts();
  const ordering = mayOrder(user);

  return (
    <PageFrame
      title={user?.firstname ? `Welcome, ${user.firstname}` : 'Welcome'}
      intro={ordering ? 'Follow your orders, or start a new one.' : undefined}
      actions={
        // An account awaiting approval is offered nothing that would only send it to /unauthorized.
        ordering && (
          <Button component={RouterLink} to={route('create.index')} variant="contained" color="secondary" size="large" startIcon={<AddIcon aria-hidden />}>
            New Order
          </Button>
        )
      }
    >
      {!ordering ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          Your account is waiting for approval, so ordering is not open to you yet.{' '}
          <Link component={RouterLink} to={route('unauthorized')}>
            What happens next
          </Link>
        </Alert>
      ) : (
        <>
          {counts && counts.awaiting_approval > 0 && <AwaitingApproval count={counts.awaiting_approval} />}
          {counts && counts.approval > 0 && user && <AwaitingOwners count={counts.approval} mayDecide={companyMay(user.company_role, 'approve')} />}
          <Box sx={{ mb: 4, maxWidth: 640 }}>
            <OrderSearch />
            <Link component={RouterLink} to={route('orders.index')} sx={{ display: 'inline-block', mt: 1 }}>
              See all your orders
            </Link>
          </Box>
          <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Your orders by status">
            {TILES.map((tile) => (
              <Grid key={tile.status} size={{ xs: 6, md: 3 }} component="li">
                <DashboardTile
                  icon={tile.icon}
                  name={ORDER_STATUS_NAMES[tile.status]}
                  description={describe(counts?.[tile.status], tile.about, tile.status === 'live' ? counts?.awaiting_approval : 0)}
                  url={route('orders.index', {}, { status: tile.status })}
                  linkComponent={HrefLink}
                />
              </Grid>
            ))}
          </Grid>
        </>
      )}
    </PageFrame>
  );
}
