import { requestPasswordReset } from '../../api/accounts';
import { passwordEmailSchema } from '../../forms/schemas';
import { useZodForm } from '../../forms/useZodForm';
import { FormAlerts } from '../../mui-free/Alert';
import { Field } from '../../mui-free/Field';
import { TextLink } from '../../mui-free/TextLink';
import { route } from '../../paths';
import { emailState, useCarriedEmail } from './carriedEmail';
import { AuthForm, BelowForm } from './AuthForm';
import { AuthHeading } from './AuthHeading';

const SENT = 'If an account uses that address, we have sent it a link to choose a new password. The link works for 60 minutes.';

export default function PasswordRequestPage() {
  // The address typed on the login page, when the visitor came from there.
  const carriedEmail = useCarriedEmail();
  const form = useZodForm({
    schema: passwordEmailSchema,
    initialValues: { email: carriedEmail },
    onSubmit: async (input) => {
      return (await requestPasswordReset(input)) ?? SENT;
    },
  });

  return (
    <>
      <AuthHeading>Enter the e-mail address of your account and we will send you a link to choose a new password.</AuthHeading>
      <FormAlerts error={form.formError} success={form.success} />
      <AuthForm form={form} submit="Send the link">
        <Field {...form.field('email')} label="E-mail address" type="email" required autoComplete="email" />
      </AuthForm>
      <BelowForm>
        Remembered it?{' '}
        <TextLink to={route('login')} state={emailState(form.values.email)}>
          Back to log in
        </TextLink>
      </BelowForm>
    </>
  );
}
