import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../../shared/auth';
import { useApprovalRequired } from '../../api/registration';
import { ContactDetails, useHasContact } from '../../components/ContactDetails';
import { SettingText } from '../../components/SettingText';
import { WORKING_HOURS } from '../../config';
import { useLogout } from '../../layouts/header-footer/useLogout';
import { accountStanding, STANDING_HEADINGS } from '../../guards/accountStanding';
import { route } from '../../paths';

/**
 * How to reach the printer: telephone and e-mail (COMPANY_PHONE, COMPANY_EMAIL) when the printer
 * has published them, else the company address. Nothing breaks when a setting is missing.
 */
function HowToReachUs() {
  const hasContact = useHasContact();
  return (
    <Stack spacing={0.5} data-testid="how-to-reach-us">
      <Typography variant="body1">Need to order sooner, or have a question? Contact us during working hours, {WORKING_HOURS}:</Typography>
      {hasContact ? (
        <ContactDetails variant="body1" />
      ) : (
        <Typography variant="body1" component="address" sx={{ whiteSpace: 'pre-line', fontStyle: 'normal', fontWeight: 600 }}>
          <SettingText name="COMPANY_ADDRESS" />
        </Typography>
      )}
    </Stack>
  );
}

/** Signed out: this page is for accounts; say how to sign in or open one. */
function SignedOut() {
  const approvalRequired = useApprovalRequired();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: '70ch' }}>
      <Typography variant="h1">{STANDING_HEADINGS['signed-out']}</Typography>
      <Typography variant="body1">
        You are not signed in. Ordering, prices, invoices and the Resolution Centre are for trade accounts: log in with yours, or open one — it takes a few
        minutes{approvalRequired ? ', and we check each new account before it can order' : ''}.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button component={RouterLink} to={route('login')} variant="contained">
          Log in
        </Button>
        <Button component={RouterLink} to={route('register')} variant="outlined">
          Open a trade account
        </Button>
      </Stack>
      <Typography variant="body2">
        Forgotten your password?{' '}
        <Link component={RouterLink} to={route('password.request')}>
          Choose a new one
        </Link>
      </Typography>
    </Stack>
  );
}

/** Role none (DESIGN §2): the account awaits approval — what happens next, and how to reach the printer. */
function AwaitingApproval({ firstname }: { firstname: string }) {
  const logout = useLogout();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: '70ch' }}>
      <Typography variant="h1">{STANDING_HEADINGS['awaiting-approval']}</Typography>
      <Typography variant="body1">
        {firstname ? `Thank you for registering, ${firstname}. ` : 'Thank you for registering. '}
        We check every new trade account before it can place orders, see prices and use the Resolution Centre.
      </Typography>
      <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
        What happens next
      </Typography>
      <Typography variant="body1" component="ol" sx={{ pl: 3, m: 0, '& li + li': { mt: 0.5 } }}>
        <li>We look at your details during working hours, {WORKING_HOURS}, usually within one working day.</li>
        <li>We e-mail you as soon as your account is approved.</li>
        <li>Then log in again: ordering, your prices, invoices and the Resolution Centre open to you.</li>
      </Typography>
      <HowToReachUs />
      <Typography variant="body1">Meanwhile you can keep your details up to date.</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button component={RouterLink} to={route('account.profile')} variant="contained">
          Update Profile
        </Button>
        <Button variant="outlined" onClick={() => void logout()}>
          Log in with another account
        </Button>
      </Stack>
    </Stack>
  );
}

/** An account that may order, here by typing the address: nothing is waiting; a link home. */
function Approved() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="h1">{STANDING_HEADINGS.approved}</Typography>
      <Typography variant="body1">Your account may order; there is nothing waiting for approval.</Typography>
      <Button component={RouterLink} to={route('home')} variant="contained">
        Go to the home page
      </Button>
    </Stack>
  );
}

/**
 * /unauthorized, where the role guard sends an account that may not order. It speaks to who is
 * looking: a visitor who is signed out, an account awaiting approval (role none), or an approved one.
 */
export default function UnauthorizedPage() {
  const { user } = useAuth();
  const standing = accountStanding(user);
  if (standing === 'signed-out' || !user) return <SignedOut />;
  if (standing === 'approved') return <Approved />;
  return <AwaitingApproval firstname={user.firstname} />;
}
