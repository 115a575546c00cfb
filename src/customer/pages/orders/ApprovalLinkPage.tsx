import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router-dom';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ApprovalLinkState } from '../../../shared/domain/companies/approval';
import { logout, useAuth } from '../../../shared/auth';
import { rememberIntendedUrl } from '../../../shared/auth/intendedUrl';
import { fetchApprovalLink } from '../../api/orders';
import { PageFrame } from '../../components/PageFrame';
import { LoadFailed, Loading, statusOf } from '../../components/QueryStates';
import { route } from '../../paths';

/** What the page says of an order no longer waiting: its title, what happened, and its tone. */
const DECIDED: Record<Exclude<ApprovalLinkState, 'waiting'>, { severity: AlertColor; title: (id: number) => string; text: string; canOpen: boolean }> = {
  confirmed: {
    severity: 'success',
    title: (id) => `Order ${id} has already been approved`,
    text: 'It was confirmed: its page shows where it is now, and its history who approved it and when.',
    canOpen: true,
  },
  awaiting_payment: {
    severity: 'info',
    title: (id) => `Order ${id} has already been approved`,
    text: 'It now waits for the buyer’s card payment, and is among your company’s orders once it is paid.',
    canOpen: false,
  },
  declined: {
    severity: 'info',
    title: (id) => `Order ${id} has already been declined`,
    text: 'It is back with the buyer as a basket to change. If they send it for approval again, every owner is e-mailed again.',
    canOpen: false,
  },
};

/**
 * /approval-links/{token}: where the link of an owner's approval e-mail leads. Signed in (the guard
 * brings a visitor back here after login), it opens the order while it waits, where the owner
 * approves or declines it; once it was decided (by another owner, or earlier), it says what became
 * of it. A link for another account is not followed (404: sign in with the one it was sent to).
 */
export default function ApprovalLinkPage() {
  const token = useParams().token ?? '';
  const navigate = useNavigate();
  const { user } = useAuth();
  const link = useQuery({
    queryKey: ['approval-link', token],
    queryFn: () => fetchApprovalLink(token),
    retry: (count, error) => statusOf(error) !== 404 && count < 2,
    staleTime: 0,
  });

  if (link.isSuccess && link.data.state === 'waiting') return <Navigate to={route('orders.view', { id: link.data.order_id })} replace />;
  const status = statusOf(link.error);
  const waitingList = (
    <Button variant="outlined" component={RouterLink} to={route('orders.index', {}, { status: 'approval' })}>
      Orders waiting for approval
    </Button>
  );
  // Signed out and in again with the account the link was sent to, it is followed then.
  const switchAccount = async () => {
    await logout();
    rememberIntendedUrl(route('approval.link', { token }));
    await navigate(route('login'), { replace: true });
  };

  if (link.isSuccess) {
    const decided = DECIDED[link.data.state as Exclude<ApprovalLinkState, 'waiting'>];
    const id = link.data.order_id;
    return (
      <PageFrame title="Order approval">
        <Alert severity={decided.severity}>
          <AlertTitle>{decided.title(id)}</AlertTitle>
          {decided.text}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
            {decided.canOpen && (
              <Button variant="contained" component={RouterLink} to={route('orders.view', { id })}>
                Open order {id}
              </Button>
            )}
            {waitingList}
          </Stack>
        </Alert>
      </PageFrame>
    );
  }

  return (
    <PageFrame title="Order approval">
      {link.isPending ? (
        <Loading label="Opening the order…" />
      ) : status === 404 ? (
        <Alert severity="warning">
          <AlertTitle>This link does not open anything for the account you are signed in with</AlertTitle>
          You are signed in as {user?.email ?? 'another account'}. An approval link opens only for the owner it was e-mailed to, and only while the order is
          your company’s. Sign in with the account the e-mail was sent to.
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
            <Button variant="contained" onClick={() => void switchAccount()}>
              Sign out and switch account
            </Button>
            {waitingList}
          </Stack>
        </Alert>
      ) : (
        <LoadFailed what="The link" error={link.error} onRetry={() => void link.refetch()} />
      )}
    </PageFrame>
  );
}
