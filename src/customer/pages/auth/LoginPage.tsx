import { login } from '../../../shared/auth';
import { loginSchema } from '../../forms/schemas';
import { useZodForm } from '../../forms/useZodForm';
import { FormAlerts } from '../../mui-free/Alert';
import { Checkbox } from '../../mui-free/Checkbox';
import { Field } from '../../mui-free/Field';
import { TextLink } from '../../mui-free/TextLink';
import { route } from '../../paths';
import { emailState, useCarriedEmail } from './carriedEmail';
import { AuthForm, BelowForm } from './AuthForm';
import { AuthHeading } from './AuthHeading';
import { SocialSignIn } from './SocialSignIn';
import { useAfterSignIn } from './useAfterSignIn';

// Built from the MUI-free components (src/customer/mui-free), not MUI: most visits start here.
export default function LoginPage() {
  const afterSignIn = useAfterSignIn();
  const carriedEmail = useCarriedEmail();
  const form = useZodForm({
    schema: loginSchema,
    initialValues: { email: carriedEmail, password: '', remember: false },
    onSubmit: async (credentials) => {
      await login(credentials);
      await afterSignIn();
    },
  });

  return (
    <>
      <AuthHeading>Sign in to order print, follow your orders and see your invoices.</AuthHeading>
      <FormAlerts error={form.formError} />
      <AuthForm form={form} submit="Log in">
        <Field {...form.field('email')} label="E-mail address" type="email" required autoComplete="email" />
        <Field {...form.field('password')} label="Password" type="password" required autoComplete="current-password" />
        <div className="pj-row-between">
          <Checkbox {...form.checkbox('remember')} label="Remember me" />
          {/* The address typed here carries over to the request page (in the history entry, not the URL). */}
          <TextLink to={route('password.request')} state={emailState(form.values.email)} small>
            Forgotten your password?
          </TextLink>
        </div>
      </AuthForm>
      <SocialSignIn remember={form.values.remember} onSignedIn={afterSignIn} />
      <BelowForm>
        New to us? <TextLink to={route('register')}>Open a trade account</TextLink>
      </BelowForm>
    </>
  );
}
