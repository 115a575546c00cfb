import { login } from '../../../shared/auth';
import { loginSchema } from '../../forms/schemas';
import { useZodForm } from '../../forms/useZodForm';
import { FormAlerts } from '../../plain/Alert';
import { SubmitButton } from '../../plain/Button';
import { Checkbox } from '../../plain/Checkbox';
import { Field } from '../../plain/Field';
import { TextLink } from '../../plain/TextLink';
import { route } from '../../routes';
import { AuthHeading } from './AuthHeading';
import { SocialSignIn } from './SocialSignIn';
import { useAfterSignIn } from './useAfterSignIn';

// Built from the plain components (src/customer/plain), not MUI: most visits start here.
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
      <form noValidate onSubmit={form.handleSubmit}>
        <Field {...form.field('email')} label="E-mail address" type="email" required autoComplete="email" />
        <Field {...form.field('password')} label="Password" type="password" required autoComplete="current-password" />
        <div className="pj-row-between">
          <Checkbox {...form.checkbox('remember')} label="Remember me" />
          <TextLink to={route('password.request')} small>
            Forgotten your password?
          </TextLink>
        </div>
        <SubmitButton submitting={form.submitting} fullWidth>
          Log in
        </SubmitButton>
      </form>
      <SocialSignIn remember={form.values.remember} onSignedIn={afterSignIn} />
      <p className="pj-body2 pj-below">
        New to us? <TextLink to={route('register')}>Open a trade account</TextLink>
      </p>
    </>
  );
}
