import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { messageSchema, passwordEmailSchema } from '../../../shared/api';
import { http } from '../../../shared/http';
import { FormAlerts } from '../../components/FormAlerts';
import { SubmitButton } from '../../components/SubmitButton';
import { useZodForm } from '../../forms/useZodForm';
import { route } from '../../routes';
import { AuthHeading } from './AuthHeading';

const SENT = 'If an account uses that address, we have sent it a link to choose a new password. The link works for 60 minutes.';

export default function PasswordRequestPage() {
  const form = useZodForm({
    schema: passwordEmailSchema,
    initialValues: { email: '' },
    onSubmit: async (input) => {
      const { data } = await http.post<unknown>('/api/password/email', input);
      return messageSchema.safeParse(data).data?.message ?? SENT;
    },
  });

  return (
    <>
      <AuthHeading>Enter the e-mail address of your account and we will send you a link to choose a new password.</AuthHeading>
      <FormAlerts error={form.formError} success={form.success} />
      <Box component="form" noValidate onSubmit={form.handleSubmit}>
        <TextField {...form.field('email')} label="E-mail address" type="email" required autoComplete="email" />
        <SubmitButton submitting={form.submitting} fullWidth>
          Send the link
        </SubmitButton>
      </Box>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        Remembered it?{' '}
        <Link component={RouterLink} to={route('login')}>
          Back to log in
        </Link>
      </Typography>
    </>
  );
}
