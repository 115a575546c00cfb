import { SearchInput, SelectInput } from 'react-admin';
import { ROLE_CHOICES } from './roleChoices';

/** The users list's filters: one search box (name, company, e-mail, postcode, town) and the role. */
export const userFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name, company, e-mail, postcode, town" sx={{ minWidth: { sm: 340 } }} />,
  <SelectInput key="role" source="role" label="Role" choices={ROLE_CHOICES} alwaysOn emptyText="All roles" />,
];
