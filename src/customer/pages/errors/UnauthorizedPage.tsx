import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { CUSTOMER_ROUTE_ROLES } from '../../../shared/api/accounts-basics';
import { useAuth } from '../../../shared/auth';
import { SettingText } from '../../../shared/ui/SettingText';
import { WORKING_HOURS } from '../../config';
import { useLogout } from '../../layouts/parts/useLogout';
import { route } from '../../routes';
import { useStaffEmail } from './useStaffEmail';

/** How to reach the printer: the staff e-mail when it is public, else the company address. */
function HowToReachUs() {
  const staffEmail = useStaffEmail();
  if (staffEmail) {
    return (
      <Typography variant="body1">
        Need to order sooner, or have a question? E-mail us at <Link href={`mailto:${staffEmail}`}>{staffEmail}</Link>.
      </Typography>
    );
  }
  return (
    <div>
      <Typography variant="body1">Need to order sooner, or have a question? Write to us at:</Typography>
      <Typography variant="body1" component="address" sx={{ whiteSpace: 'pre-line', fontStyle: 'normal', fontWeight: 600, mt: 1 }}>
        <SettingText name="COMPANY_ADDRESS" />
      </Typography>
    </div>
  );
}

/**
 * Where the role guard sends an account that may not order (role none, DESIGN §2): says that the
 * account awaits approval and how to reach the printer.
 */
export default function UnauthorizedPage() {
  const { user } = useAuth();
  const logout = useLogout();

  // Reached by typing the address with an account that may order: nothing is awaiting approval.
  if (user && CUSTOMER_ROUTE_ROLES.includes(user.role)) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h1">Your account is approved</Typography>
        <Typography variant="body1">Your account may order; there is nothing waiting for approval.</Typography>
        <Button component={RouterLink} to={route('home')} variant="contained">
          Go to the home page
        </Button>
      </Stack>
    );
  }

  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: '70ch' }}>
      <Typography variant="h1">Your account is awaiting approval</Typography>
      <Typography variant="body1">
        {user?.firstname ? `Thank you for registering, ${user.firstname}. ` : 'Thank you for registering. '}
        We check every new trade account before it can place orders, see prices and use the Resolution Centre. We do
        this during working hours, {WORKING_HOURS}. Once your account is approved, these pages open to you.
      </Typography>
      <HowToReachUs />
      {user ? (
        <>
          <Typography variant="body1">Meanwhile you can keep your details up to date.</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Button component={RouterLink} to={route('account.profile')} variant="contained">
              Update Profile
            </Button>
            <Button variant="outlined" onClick={() => void logout()}>
              Log in with another account
            </Button>
          </Stack>
        </>
      ) : (
        <Button component={RouterLink} to={route('login')} variant="contained">
          Log in
        </Button>
      )}
    </Stack>
  );
}
