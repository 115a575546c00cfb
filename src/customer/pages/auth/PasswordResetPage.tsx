import { useParams } from 'react-router-dom';
import { PASSWORD_MIN } from '../../../shared/api/accounts-basics';
import { http } from '../../../shared/http';
import { passwordResetSchema } from '../../forms/schemas';
import { useZodForm } from '../../forms/useZodForm';
import { Alert, FormAlerts } from '../../plain/Alert';
import { ButtonLink, SubmitButton } from '../../plain/Button';
import { Field } from '../../plain/Field';
import { TextLink } from '../../plain/TextLink';
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
        <ButtonLink to={route('login')} size="large" fullWidth>
          Log in
        </ButtonLink>
      </>
    );
  }

  // The token is not a field anyone can correct: its message (expired, used) is shown on its own.
  const linkProblem = form.errors.token;
  return (
    <>
      <AuthHeading>Choose the new password for your account.</AuthHeading>
      {linkProblem && (
        <Alert severity="error">
          {linkProblem} <TextLink to={route('password.request')}>Ask for a new link</TextLink>
        </Alert>
      )}
      <FormAlerts error={form.formError} />
      <form noValidate onSubmit={form.handleSubmit}>
        <Field {...form.field('password', `At least ${PASSWORD_MIN} characters`)} label="New password" type="password" required autoComplete="new-password" />
        <Field {...form.field('password_confirmation')} label="Repeat the new password" type="password" required autoComplete="new-password" />
        <SubmitButton submitting={form.submitting} fullWidth>
          Change my password
        </SubmitButton>
      </form>
      <p className="pj-body2 pj-below">
        <TextLink to={route('login')}>Back to log in</TextLink>
      </p>
    </>
  );
}
