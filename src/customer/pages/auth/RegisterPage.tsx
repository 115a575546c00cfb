import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PASSWORD_MIN, registerSchema } from '../../../shared/api';
import { register } from '../../../shared/auth';
import { AddressFields } from '../../components/AddressFields';
import { FormAlerts } from '../../components/FormAlerts';
import { EMPTY_PROFILE } from '../../components/profileValues';
import { SubmitButton } from '../../components/SubmitButton';
import { HOME_COUNTRY_CODE, useCountries } from '../../components/useCountries';
import { useZodForm } from '../../forms/useZodForm';
import { route } from '../../routes';
import { AuthHeading } from './AuthHeading';
import { useAfterSignIn } from './useAfterSignIn';

const INITIAL = { ...EMPTY_PROFILE, password: '', password_confirmation: '' };

export default function RegisterPage() {
  const afterSignIn = useAfterSignIn();
  const countries = useCountries();
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
      <FormAlerts error={form.formError} />
      <Box component="form" noValidate onSubmit={form.handleSubmit}>
        <AddressFields field={form.field} countries={countries} />
        <Typography variant="h3" component="h2" sx={{ mt: 3 }}>
          Password
        </Typography>
        <Grid container columnSpacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...form.field('password', `At least ${PASSWORD_MIN} characters`)} label="Password" type="password" required autoComplete="new-password" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...form.field('password_confirmation')} label="Repeat the password" type="password" required autoComplete="new-password" />
          </Grid>
        </Grid>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          By opening an account you agree to our{' '}
          <Link component={RouterLink} to={route('terms')}>
            terms and conditions
          </Link>
          . Our{' '}
          <Link component={RouterLink} to={route('privacy')}>
            privacy notice
          </Link>{' '}
          explains how we use your details.
        </Typography>
        <SubmitButton submitting={form.submitting} fullWidth>
          Open my account
        </SubmitButton>
      </Box>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        Already have an account?{' '}
        <Link component={RouterLink} to={route('login')}>
          Log in
        </Link>
      </Typography>
    </>
  );
}
