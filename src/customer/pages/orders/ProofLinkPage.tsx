import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { logout, useAuth } from '../../../shared/auth';
import { rememberIntendedUrl } from '../../../shared/auth/intendedUrl';
import { fetchProofLink } from '../../api/proofs';
import { PageFrame } from '../../components/PageFrame';
import { LoadFailed, Loading, statusOf } from '../../components/QueryStates';
import { route } from '../../paths';

/**
 * /proof/{token}: where a proof e-mail's link leads. Signed in (the guard brings a visitor back here
 * after login), the link names the order and item, and the order page opens at that item's proof.
 * A link made for another account is not followed (404: sign in with the right one); an old one
 * has expired (410: the order is on the orders list).
 */
export default function ProofLinkPage() {
  const token = useParams().token ?? '';
  const navigate = useNavigate();
  const { user } = useAuth();
  const link = useQuery({
    queryKey: ['proof-link', token],
    queryFn: () => fetchProofLink(token),
    retry: (count, error) => ![404, 410].includes(statusOf(error) ?? 0) && count < 2,
    staleTime: Infinity,
  });

  if (link.isSuccess) return <Navigate to={route('orders.view', { id: link.data.order_id }, { proof: link.data.item_id })} replace />;
  const status = statusOf(link.error);
  // Signed out and in again with the account the link was made for, it is followed then.
  const switchAccount = async () => {
    await logout();
    rememberIntendedUrl(route('proof.link', { token }));
    await navigate(route('login'), { replace: true });
  };

  return (
    <PageFrame title="Your proof">
      {link.isPending ? (
        <Loading label="Opening your proof…" />
      ) : status === 404 ? (
        <Alert severity="warning">
          <AlertTitle>This link is not for the account you are signed in with</AlertTitle>
          You are signed in as {user?.email ?? 'another account'}. Sign in with the account the e-mail was sent to, and the proof opens.
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
            <Button variant="contained" onClick={() => void switchAccount()}>
              Sign out and switch account
            </Button>
            <Button variant="outlined" component={RouterLink} to={route('orders.index')}>
              Your orders
            </Button>
          </Stack>
        </Alert>
      ) : status === 410 ? (
        <Alert severity="info">
          <AlertTitle>This link has expired: open the order from your orders list</AlertTitle>
          Links in our e-mails last 30 days. Your order, with its proof, is on your orders list.
          <Stack direction="row" sx={{ mt: 2 }}>
            <Button variant="contained" component={RouterLink} to={route('orders.index')}>
              Your orders
            </Button>
          </Stack>
        </Alert>
      ) : (
        <LoadFailed what="The link" error={link.error} onRetry={() => void link.refetch()} />
      )}
    </PageFrame>
  );
}
