import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { PASSWORD_MIN, changePasswordSchema } from '../../../shared/api';
import { http } from '../../../shared/http';
import { FormAlerts } from '../../components/FormAlerts';
import { PageFrame } from '../../components/PageFrame';
import { SubmitButton } from '../../components/SubmitButton';
import { useZodForm } from '../../forms/useZodForm';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

export default function PasswordPage() {
  const form = useZodForm({
    schema: changePasswordSchema,
    initialValues: EMPTY,
    onSubmit: async (input) => {
      await http.patch('/api/user/password', input);
      form.reset(EMPTY); // passwords do not stay on screen
      return 'Your password has been changed. Other devices signed in to your account have been signed out.';
    },
  });

  return (
    <PageFrame intro="Enter your current password, then the new one twice.">
      <Box component="form" noValidate onSubmit={form.handleSubmit} sx={{ maxWidth: 480 }}>
        <FormAlerts error={form.formError} success={form.success} />
        <TextField {...form.field('current_password')} label="Current password" type="password" required autoComplete="current-password" />
        <TextField {...form.field('password', `At least ${PASSWORD_MIN} characters`)} label="New password" type="password" required autoComplete="new-password" />
        <TextField {...form.field('password_confirmation')} label="Repeat the new password" type="password" required autoComplete="new-password" />
        <SubmitButton submitting={form.submitting}>Change my password</SubmitButton>
      </Box>
    </PageFrame>
  );
}
