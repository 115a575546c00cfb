import { SearchInput, SelectInput } from 'react-admin';
import { ROLE_CHOICES } from './roleChoices';

/** The users list's filters: one search box (name, company, e-mail, postcode, town) and the role. */
export const userFilters = [
  // A placeholder short enough for a phone's search box; the accessible name says everything it searches.
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Search users"
    slotProps={{ htmlInput: { 'aria-label': 'Search users by name, company, e-mail, postcode or town' } }}
    sx={{ minWidth: { sm: 300 } }}
  />,
  <SelectInput key="role" source="role" label="Role" choices={ROLE_CHOICES} alwaysOn emptyText="All roles" />,
];
