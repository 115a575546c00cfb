import { useEffect, useRef } from 'react';
import { PASSWORD_MIN } from '../../../shared/api/accounts-basics';
import { register } from '../../../shared/auth';
import { HOME_COUNTRY_CODE, useCountries } from '../../api/countries';
import { QueryProvider } from '../../api/queryClient';
import { useApprovalRequired } from '../../api/registration';
import { PlainAddressFields } from '../../components/PlainAddressFields';
import { EMPTY_PROFILE } from '../../components/profileValues';
import { registerSchema } from '../../forms/schemas';
import { useZodForm } from '../../forms/useZodForm';
import { FormAlerts } from '../../mui-free/Alert';
import { Field } from '../../mui-free/Field';
import { TextLink } from '../../mui-free/TextLink';
import { route } from '../../paths';
import { AuthForm, BelowForm } from './AuthForm';
import { AuthHeading } from './AuthHeading';
import { SocialSignIn } from './SocialSignIn';
import { useAfterSignIn } from './useAfterSignIn';

const INITIAL = { ...EMPTY_PROFILE, password: '', password_confirmation: '' };

/**
 * The one signed-out page with a query (the countries): it brings the query cache itself, so that
 * the plain layout, and /login with it, load no react-query.
 */
export default function RegisterPage() {
  return (
    <QueryProvider>
      <RegisterForm />
    </QueryProvider>
  );
}

function RegisterForm() {
  const afterSignIn = useAfterSignIn();
  const countries = useCountries();
  // Said only when true: with REGISTRATION_ROLE user or trade a new account may order at once.
  const approvalRequired = useApprovalRequired();
  const form = useZodForm({
    schema: registerSchema,
    initialValues: INITIAL,
    onSubmit: async (account) => {
      await register(account);
      await afterSignIn();
    },
  });

  // Most accounts are in the UK: choose it when the list arrives, once (a cleared choice stays cleared).
  const { setValue } = form;
  const countryChosen = form.values.country_id !== '';
  const preselected = useRef(false);
  useEffect(() => {
    if (countries.status !== 'loaded' || preselected.current) return;
    preselected.current = true;
    const home = countries.countries.find((country) => country.code === HOME_COUNTRY_CODE);
    if (home && !countryChosen) setValue('country_id', String(home.id));
  }, [countries, countryChosen, setValue]);

  return (
    <>
      <AuthHeading>Trade prices, online ordering and order tracking for print buyers and resellers.</AuthHeading>
      {/* An account from a provider in two clicks; the address is asked for before the first order. */}
      <SocialSignIn remember={false} onSignedIn={afterSignIn} placement="before" />
      <FormAlerts error={form.formError} />
      <AuthForm form={form} submit="Open my account">
        <PlainAddressFields field={form.field} countries={countries} />
        <h2 className="pj-h3 pj-section-title">Password</h2>
        <div className="pj-grid">
          <div className="pj-sm-6">
            <Field {...form.field('password', `At least ${PASSWORD_MIN} characters`)} label="Password" type="password" required autoComplete="new-password" />
          </div>
          <div className="pj-sm-6">
            <Field {...form.field('password_confirmation')} label="Repeat the password" type="password" required autoComplete="new-password" />
          </div>
        </div>
        {approvalRequired && (
          <p className="pj-body2 pj-note" data-testid="approval-note">
            We check each new trade account before it can order: we e-mail you as soon as yours is approved, usually within one working day.
          </p>
        )}
        <p className="pj-body2 pj-text-secondary pj-note">
          By opening an account you agree to our <TextLink to={route('terms')}>terms and conditions</TextLink>. Our{' '}
          <TextLink to={route('privacy')}>privacy notice</TextLink> explains how we use your details.
        </p>
      </AuthForm>
      <BelowForm>
        Already have an account? <TextLink to={route('login')}>Log in</TextLink>
      </BelowForm>
    </>
  );
}
