import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { updateUser, useAuth } from '../../../shared/auth';
import { saveProfile } from '../../api/accounts';
import { AddressFields } from '../../components/AddressFields';
import { FormAlerts } from '../../components/FormAlerts';
import { PageFrame } from '../../components/PageFrame';
import { EMPTY_PROFILE, profileValuesOf } from '../../components/profileValues';
import { SubmitButton } from '../../components/SubmitButton';
import { TextInput } from '../../components/TextInput';
import { HOME_COUNTRY_CODE, useCountries } from '../../api/countries';
import { profileSchema } from '../../forms/schemas';
import { useZodForm } from '../../forms/useZodForm';
import { isProfileComplete, takeIntendedUrl } from '../../guards';
import { route } from '../../paths';
import { Checkbox } from '../../mui-free/Checkbox';
import { BLIND_DISPATCH_HELP } from '../orders/BlindDispatchNote';
import { SignInMethods } from './SignInMethods';

export default function ProfilePage() {
  const { user } = useAuth();
  const countries = useCountries();
  const navigate = useNavigate();
  // Sent here before ordering (?complete=1): an account opened by social sign-in has no address yet.
  const [search] = useSearchParams();
  const completing = search.get('complete') === '1' && !!user && !isProfileComplete(user);
  const form = useZodForm({
    schema: profileSchema,
    // The auth guard ran before this page, so the user is loaded.
    initialValues: { ...(user ? profileValuesOf(user) : EMPTY_PROFILE), blind_dispatch: user?.blind_dispatch ?? false, current_password: '' },
    onSubmit: async ({ current_password, ...profile }) => {
      // The server asks for the current password only when the e-mail address changes.
      const saved = await saveProfile(emailChanges ? { ...profile, current_password } : profile);
      updateUser(saved);
      form.setValue('current_password', ''); // a password does not stay on screen
      if (completing && isProfileComplete(saved)) {
        // On to where the customer was going (the order page that sent them here).
        await navigate(takeIntendedUrl(route('create.index')), { replace: true });
        return;
      }
      return 'Your profile has been saved.';
    },
  });
  const emailChanges = !!user && form.values.email.trim().toLowerCase() !== user.email.toLowerCase();
  // The company's name and blind-dispatch default are the company's: its owners change them.
  const owner = user?.company_role === 'owner';
  const companyNote = 'Your company’s name: only an owner of your company can change it.';

  // An account with no country yet (opened by social sign-in): the United Kingdom, as on registration, once.
  const { setValue } = form;
  const countryMissing = user?.country_id === null && form.values.country_id === '';
  const preselected = useRef(false);
  useEffect(() => {
    if (countries.status !== 'loaded' || preselected.current || !countryMissing) return;
    preselected.current = true;
    const home = countries.countries.find((country) => country.code === HOME_COUNTRY_CODE);
    if (home) setValue('country_id', String(home.id));
  }, [countries, countryMissing, setValue]);

  return (
    <PageFrame intro="The contact details and address we use for your account, your orders and your invoices.">
      {completing && (
        <Alert severity="info" sx={{ maxWidth: 760, mb: 2 }}>
          Before your first order, please complete your details: your name, company and the address we deliver to and invoice.
        </Alert>
      )}
      <Paper component="form" variant="outlined" noValidate onSubmit={form.handleSubmit} sx={{ maxWidth: 760, p: { xs: 2, sm: 3 } }}>
        <AddressFields field={form.field} countries={countries} readOnly={owner ? {} : { company_name: companyNote }} />
        <Stack sx={{ mt: 1 }}>
          <Checkbox {...form.checkbox('blind_dispatch')} disabled={!owner} label="Blind dispatch by default" />
          <Typography variant="body2" color="text.secondary" sx={{ ml: 4 }}>
            {BLIND_DISPATCH_HELP} Each new order of your company starts with it; you can change it per order.
            {!owner && ' Only an owner of your company can change this default.'}
          </Typography>
        </Stack>
        {emailChanges && (
          <TextInput
            {...form.field('current_password', 'To change your e-mail address, enter your current password')}
            label="Current password"
            type="password"
            required
            autoComplete="current-password"
          />
        )}
        {/* Beside the button, where the eye is after pressing it on a long form. */}
        <FormAlerts error={form.formError} success={form.success} />
        <SubmitButton submitting={form.submitting}>Save my profile</SubmitButton>
      </Paper>
      <SignInMethods />
    </PageFrame>
  );
}
