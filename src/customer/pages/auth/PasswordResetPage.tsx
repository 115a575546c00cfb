import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PASSWORD_MIN, passwordResetSchema } from '../../../shared/api';
import { http } from '../../../shared/http';
import { FormAlerts } from '../../components/FormAlerts';
import { SubmitButton } from '../../components/SubmitButton';
import { useZodForm } from '../../forms/useZodForm';
import { route } from '../../routes';
import { AuthHeading } from './AuthHeading';

const DONE = 'Your password has been changed. You can now log in with it.';

export default function PasswordResetPage() {
  const { token = '' } = useParams();
  const form = useZodForm({
    schema: passwordResetSchema,
    initialValues: { token, password: '', password_confirmation: '' },
    onSubmit: async (input) => {
      await http.post('/api/password/reset', input);
      return DONE;
    },
  });

  if (form.success) {
    // A reset does not sign in (DESIGN §2): the next step is the login page.
    return (
      <>
        <AuthHeading />
        <FormAlerts success={form.success} />
        <Button component={RouterLink} to={route('login')} variant="contained" size="large" fullWidth>
          Log in
        </Button>
      </>
    );
  }

  // The token is not a field anyone can correct: its message (expired, used) is shown on its own.
  const linkProblem = form.errors.token;
  return (
    <>
      <AuthHeading>Choose the new password for your account.</AuthHeading>
      {linkProblem && (
        <Alert severity="error" sx={{ my: 2 }}>
          {linkProblem}{' '}
          <Link component={RouterLink} to={route('password.request')}>
            Ask for a new link
          </Link>
        </Alert>
      )}
      <FormAlerts error={form.formError} />
      <Box component="form" noValidate onSubmit={form.handleSubmit}>
        <TextField {...form.field('password', `At least ${PASSWORD_MIN} characters`)} label="New password" type="password" required autoComplete="new-password" />
        <TextField {...form.field('password_confirmation')} label="Repeat the new password" type="password" required autoComplete="new-password" />
        <SubmitButton submitting={form.submitting} fullWidth>
          Change my password
        </SubmitButton>
      </Box>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to={route('login')}>
          Back to log in
        </Link>
      </Typography>
    </>
  );
}
