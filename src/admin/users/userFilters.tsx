import { SelectInput } from 'react-admin';
import { searchFilter } from '../common/searchFilter';
import { ROLE_CHOICES } from './roleChoices';

/** The users list's filters: one search box (name, company, e-mail, postcode, town) and the role. */
export const userFilters = [
  searchFilter('Search users', 'Search users by name, company, e-mail, postcode or town', 300),
  <SelectInput key="role" source="role" label="Role" choices={ROLE_CHOICES} alwaysOn emptyText="All roles" />,
];
