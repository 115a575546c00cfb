import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { DataTable, EmailField, List, SimpleList, TopToolbar } from 'react-admin';
import { UkDateField } from '../common/UkDateField';
import type { AdminUser } from '../../shared/api';
import { AddUserButton } from './AddUserButton';
import { FullNameField, fullName } from './FullNameField';
import { ROLE_CHIPS, RoleField } from './RoleField';
import { userFilters } from './userFilters';

function UserListActions() {
  return (
    <TopToolbar>
      <AddUserButton />
    </TopToolbar>
  );
}

const Column = DataTable.Col<AdminUser>;

/** /admin/users: search, filter by role, sort by any column, 25 a page; a row opens the user. */
export function UserList() {
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List filters={userFilters} actions={<UserListActions />} sort={{ field: 'id', order: 'DESC' }} perPage={25} title="Users">
      {narrow ? (
        <SimpleList<AdminUser>
          primaryText={(user) => fullName(user)}
          secondaryText={(user) => [user.company_name, user.email].filter(Boolean).join(' · ')}
          tertiaryText={(user) => ROLE_CHIPS[user.role].label}
          rowClick="edit"
        />
      ) : (
        // E-mail addresses may break anywhere, and the join date shows on wide screens only, so the table fits beside the menu.
        <DataTable
          rowClick="edit"
          bulkActionButtons={false}
          sx={{ '& .column-email': { overflowWrap: 'anywhere' }, '& .column-created_at': { display: { xs: 'none', xl: 'table-cell' } } }}
        >
          <Column source="lastname" label="Name" field={FullNameField} />
          <Column source="company_name" label="Company" />
          <Column source="email" label="E-mail" field={EmailField} />
          <Column source="town" label="Town" />
          <Column source="postcode" label="Postcode" />
          <Column source="role" label="Role" field={RoleField} />
          <Column source="created_at" label="Joined" field={UkDateField} />
        </DataTable>
      )}
    </List>
  );
}
