import Paper from '@mui/material/Paper';
import { asUser, updateUser, useAuth } from '../../../shared/auth';
import { http } from '../../../shared/http';
import { AddressFields } from '../../components/AddressFields';
import { FormAlerts } from '../../components/FormAlerts';
import { PageFrame } from '../../components/PageFrame';
import { EMPTY_PROFILE, profileValuesOf } from '../../components/profileValues';
import { SubmitButton } from '../../components/SubmitButton';
import { useCountries } from '../../components/useCountries';
import { profileSchema } from '../../forms/schemas';
import { useZodForm } from '../../forms/useZodForm';

export default function ProfilePage() {
  const { user } = useAuth();
  const countries = useCountries();
  const form = useZodForm({
    schema: profileSchema,
    // The auth guard ran before this page, so the user is loaded.
    initialValues: user ? profileValuesOf(user) : EMPTY_PROFILE,
    onSubmit: async (profile) => {
      const { data } = await http.patch<unknown>('/api/user', profile);
      updateUser(asUser(data));
      return 'Your profile has been saved.';
    },
  });

  return (
    <PageFrame intro="The contact details and address we use for your account, your orders and your invoices.">
      <Paper component="form" variant="outlined" noValidate onSubmit={form.handleSubmit} sx={{ maxWidth: 760, p: { xs: 2, sm: 3 } }}>
        <AddressFields field={form.field} countries={countries} />
        {/* Beside the button, where the eye is after pressing it on a long form. */}
        <FormAlerts error={form.formError} success={form.success} />
        <SubmitButton submitting={form.submitting}>Save my profile</SubmitButton>
      </Paper>
    </PageFrame>
  );
}
