import { http } from '../../../shared/http';
import { passwordEmailSchema } from '../../forms/schemas';
import { useZodForm } from '../../forms/useZodForm';
import { FormAlerts } from '../../plain/Alert';
import { SubmitButton } from '../../plain/Button';
import { Field } from '../../plain/Field';
import { TextLink } from '../../plain/TextLink';
import { route } from '../../routes';
import { AuthHeading } from './AuthHeading';

const SENT = 'If an account uses that address, we have sent it a link to choose a new password. The link works for 60 minutes.';

/** The server's own words `{ message }`, when it sends some. */
function serverMessage(data: unknown): string | undefined {
  const message = typeof data === 'object' && data !== null ? (data as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

export default function PasswordRequestPage() {
  const form = useZodForm({
    schema: passwordEmailSchema,
    initialValues: { email: '' },
    onSubmit: async (input) => {
      const { data } = await http.post<unknown>('/api/password/email', input);
      return serverMessage(data) ?? SENT;
    },
  });

  return (
    <>
      <AuthHeading>Enter the e-mail address of your account and we will send you a link to choose a new password.</AuthHeading>
      <FormAlerts error={form.formError} success={form.success} />
      <form noValidate onSubmit={form.handleSubmit}>
        <Field {...form.field('email')} label="E-mail address" type="email" required autoComplete="email" />
        <SubmitButton submitting={form.submitting} fullWidth>
          Send the link
        </SubmitButton>
      </form>
      <p className="pj-body2 pj-below">
        Remembered it? <TextLink to={route('login')}>Back to log in</TextLink>
      </p>
    </>
  );
}
