import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { PASSWORD_MIN } from '../../../shared/api/accounts-basics';
import { checkResetLink, resetPassword, type ResetLinkCheck } from '../../api/accounts';
import { passwordResetSchema } from '../../forms/schemas';
import { useZodForm } from '../../forms/useZodForm';
import { Alert, FormAlerts } from '../../mui-free/Alert';
import { ButtonLink } from '../../mui-free/Button';
import { Field } from '../../mui-free/Field';
import { TextLink } from '../../mui-free/TextLink';
import { route } from '../../paths';
import { AuthForm, BelowForm } from './AuthForm';
import { AuthHeading } from './AuthHeading';

const DONE = 'Your password has been changed. You can now log in with it.';

/** The link's check, asked once when the page opens; null while the server has not answered. */
function useResetLinkCheck(token: string): ResetLinkCheck | null {
  const [check, setCheck] = useState<{ token: string; result: ResetLinkCheck } | null>(null);
  useEffect(() => {
    let current = true;
    void checkResetLink(token).then((result) => current && setCheck({ token, result }));
    return () => {
      current = false;
    };
  }, [token]);
  return check?.token === token ? check.result : null;
}

export default function PasswordResetPage() {
  const { token = '' } = useParams();
  const check = useResetLinkCheck(token);
  const form = useZodForm({
    schema: passwordResetSchema,
    initialValues: { token, password: '', password_confirmation: '' },
    onSubmit: async (input) => {
      await resetPassword(input);
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

  // An expired, used or unknown link says so before anyone types a password.
  if (check === null) {
    return (
      <>
        <AuthHeading>Choose the new password for your account.</AuthHeading>
        <p className="pj-body1 pj-reset-checking" role="status">
          Checking your link…
        </p>
      </>
    );
  }
  if (check.valid === false) {
    return (
      <>
        <AuthHeading />
        <Alert severity="error">{check.message}</Alert>
        <p className="pj-body1 pj-lead">Reset links work once, for 60 minutes. Ask for a new one and use the newest e-mail.</p>
        <ButtonLink to={route('password.request')} size="large" fullWidth>
          Ask for a new link
        </ButtonLink>
        <BelowForm>
          <TextLink to={route('login')}>Back to log in</TextLink>
        </BelowForm>
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
      <AuthForm form={form} submit="Change my password">
        <Field {...form.field('password', `At least ${PASSWORD_MIN} characters`)} label="New password" type="password" required autoComplete="new-password" />
        <Field {...form.field('password_confirmation')} label="Repeat the new password" type="password" required autoComplete="new-password" />
      </AuthForm>
      <BelowForm>
        <TextLink to={route('login')}>Back to log in</TextLink>
      </BelowForm>
    </>
  );
}
