import Alert from '@mui/material/Alert';
import { Create, Loading, useGetList, useNotify, useRedirect } from 'react-admin';
import { StaffSimpleForm } from '../common/StaffForm';
import { StaffTitle } from '../common/StaffTitle';
import type { StaffUser } from '../../shared/api';
import { UserInputs } from './UserInputs';

const DEFAULTS = { role: 'trade', title: '', address2: '', county: '', telephone: '', mobile: '' };

/** The United Kingdom's id: most of the printer's customers are in the UK, so a new account starts there. */
function useUnitedKingdomId(): { id: number | null; isPending: boolean } {
  const { data, isPending } = useGetList('delivery/countries', {
    filter: { code: 'GB' },
    pagination: { page: 1, perPage: 5 },
    sort: { field: 'id', order: 'ASC' },
  });
  return { id: data?.find((country) => country.code === 'GB')?.id ?? null, isPending };
}

/** /admin/users/add: the account is created without a password; the person gets an e-mail to set one. */
export function UserCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  const uk = useUnitedKingdomId();
  // The form's defaults are read once, when it mounts: it waits for the country list's answer.
  if (uk.isPending) return <Loading />;
  return (
    <Create
      resource="users"
      title={<StaffTitle page="Users" record="Add a user" />}
      mutationOptions={{
        onSuccess: (user: StaffUser) => {
          notify(`${user.email} has been e-mailed a link to set their password.`, { type: 'success' });
          redirect('edit', 'users', user.id);
        },
      }}
    >
      <StaffSimpleForm defaultValues={{ ...DEFAULTS, country_id: uk.id }} sx={{ maxWidth: 760 }}>
        <Alert severity="info" sx={{ maxWidth: 720 }}>
          There is no password to choose: we e-mail the new user a link to set their own (it works for 7 days).
        </Alert>
        <UserInputs />
      </StaffSimpleForm>
    </Create>
  );
}
