import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { loginSchema } from '../../../shared/api';
import { login } from '../../../shared/auth';
import { FormAlerts } from '../../components/FormAlerts';
import { SubmitButton } from '../../components/SubmitButton';
import { useZodForm } from '../../forms/useZodForm';
import { route } from '../../routes';
import { AuthHeading } from './AuthHeading';
import { SocialSignIn } from './SocialSignIn';
import { useAfterSignIn } from './useAfterSignIn';

export default function LoginPage() {
  const afterSignIn = useAfterSignIn();
  const form = useZodForm({
    schema: loginSchema,
    initialValues: { email: '', password: '', remember: false },
    onSubmit: async (credentials) => {
      await login(credentials);
      await afterSignIn();
    },
  });

  return (
    <>
      <AuthHeading>Sign in to order print, follow your orders and see your invoices.</AuthHeading>
      <FormAlerts error={form.formError} />
      <Box component="form" noValidate onSubmit={form.handleSubmit}>
        <TextField {...form.field('email')} label="E-mail address" type="email" required autoComplete="email" />
        <TextField {...form.field('password')} label="Password" type="password" required autoComplete="current-password" />
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}>
          <FormControlLabel control={<Checkbox {...form.checkbox('remember')} />} label="Remember me" />
          <Link component={RouterLink} to={route('password.request')} variant="body2">
            Forgotten your password?
          </Link>
        </Stack>
        <SubmitButton submitting={form.submitting} fullWidth>
          Log in
        </SubmitButton>
      </Box>
      <SocialSignIn remember={form.values.remember} onSignedIn={afterSignIn} />
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        New to us?{' '}
        <Link component={RouterLink} to={route('register')}>
          Open a trade account
        </Link>
      </Typography>
    </>
  );
}
