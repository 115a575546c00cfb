import Button from '@mui/material/Button';
import HourglassIcon from '@mui/icons-material/HourglassEmpty';
import { DataTable, SimpleList, TextField, TopToolbar, useListContext } from 'react-admin';
import { StaffList } from '../common/StaffList';
import { UkDateTimeField } from '../common/UkDateTimeField';
import type { StaffUser } from '../../shared/api';
import { AddUserButton } from './AddUserButton';
import { AWAITING_APPROVAL_FILTER, accountsAwaiting, useAwaitingApprovalCount } from './awaitingApproval';
import { FullNameField, fullName } from './FullNameField';
import { ROLE_CHIPS, RoleField } from './RoleField';
import { userFilters } from './userFilters';

/** One click to the accounts awaiting approval, with their number; pressed while that filter is on. */
function AwaitingApprovalButton() {
  const { filterValues, setFilters } = useListContext();
  const count = useAwaitingApprovalCount();
  const on = filterValues?.role === AWAITING_APPROVAL_FILTER.role;
  return (
    <Button
      size="small"
      startIcon={<HourglassIcon />}
      aria-pressed={on}
      variant={on ? 'contained' : 'text'}
      onClick={() => setFilters(on ? { ...filterValues, role: undefined } : { ...filterValues, ...AWAITING_APPROVAL_FILTER }, {})}
    >
      {count ? accountsAwaiting(count) : 'Awaiting approval'}
    </Button>
  );
}

function UserListActions() {
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <AwaitingApprovalButton />
      <AddUserButton />
    </TopToolbar>
  );
}

const Column = DataTable.Col<StaffUser>;

/**
 * /admin/users: search, filter by role, sort by any column, 25 a page; a row opens the user.
 * Its filters live in the address only (no `storeKey`): a visit starts with every user, instead of
 * silently keeping the last visit's role filter, and a filtered list can be linked to.
 */
export function UserList() {
  const phone = (
    <SimpleList<StaffUser>
      primaryText={(user) => fullName(user)}
      secondaryText={(user) => [user.company_name, user.email].filter(Boolean).join(' · ')}
      tertiaryText={(user) => ROLE_CHIPS[user.role].label}
      rowClick="edit"
    />
  );
  return (
    <StaffList
      page="Users"
      filters={userFilters}
      actions={<UserListActions />}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={25}
      storeKey={false}
      phone={phone}
    >
      {/* E-mail addresses may break anywhere, and the join date shows on wide screens only, so the table fits beside the menu.
          The e-mail is text, not a mailto link: the row is the link (to the user), by pointer and by keyboard. */}
      <DataTable
        rowClick="edit"
        bulkActionButtons={false}
        sx={{ '& .column-email': { overflowWrap: 'anywhere' }, '& .column-created_at': { display: { xs: 'none', xl: 'table-cell' } } }}
      >
        <Column source="lastname" label="Name" field={FullNameField} />
        <Column source="company_name" label="Company" />
        <Column source="email" label="E-mail" field={TextField} />
        <Column source="town" label="Town" />
        <Column source="postcode" label="Postcode" />
        <Column source="role" label="Role" field={RoleField} />
        <Column source="created_at" label="Joined" field={UkDateTimeField} />
      </DataTable>
    </StaffList>
  );
}
