import Paper from '@mui/material/Paper';
import { PASSWORD_MIN } from '../../../shared/api/accounts-basics';
import { changePassword } from '../../api/accounts';
import { FormAlerts } from '../../components/FormAlerts';
import { PageFrame } from '../../components/PageFrame';
import { SubmitButton } from '../../components/SubmitButton';
import { changePasswordSchema } from '../../forms/schemas';
import { useZodForm } from '../../forms/useZodForm';
import { TextInput } from '../../components/TextInput';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

export default function PasswordPage() {
  const form = useZodForm({
    schema: changePasswordSchema,
    initialValues: EMPTY,
    onSubmit: async (input) => {
      await changePassword(input);
      form.reset(EMPTY); // passwords do not stay on screen
      return 'Your password has been changed. Other devices signed in to your account have been signed out.';
    },
  });

  return (
    <PageFrame intro="Enter your current password, then the new one twice.">
      <Paper component="form" variant="outlined" noValidate onSubmit={form.handleSubmit} sx={{ maxWidth: 520, p: { xs: 2, sm: 3 } }}>
        <FormAlerts error={form.formError} success={form.success} />
        <TextInput {...form.field('current_password')} label="Current password" type="password" required autoComplete="current-password" />
        <TextInput
          {...form.field('password', `At least ${PASSWORD_MIN} characters`)}
          label="New password"
          type="password"
          required
          autoComplete="new-password"
        />
        <TextInput {...form.field('password_confirmation')} label="Repeat the new password" type="password" required autoComplete="new-password" />
        <SubmitButton submitting={form.submitting}>Change my password</SubmitButton>
      </Paper>
    </PageFrame>
  );
}
