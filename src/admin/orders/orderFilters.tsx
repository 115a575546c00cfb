import { AutocompleteInput, DateInput, NullableBooleanInput, ReferenceInput } from 'react-admin';
import { searchFilter } from '../common/searchFilter';

/** A customer in a picker: company · name · e-mail. */
export const customerText = (user: { firstname: string; lastname: string; company_name: string; email: string }) =>
  [user.company_name, `${user.firstname} ${user.lastname}`.trim(), user.email].filter(Boolean).join(' · ');

/** The orders list's filters: the search (number, reference, customer, e-mail, postcode), a customer, dates and overdue. */
export const orderFilters = [
  searchFilter('Search orders', 'Search orders by number, reference, customer name or e-mail, or postcode', 300),
  <ReferenceInput key="user_id" source="user_id" reference="users" label="Customer">
    <AutocompleteInput label="Customer" optionText={customerText} filterToQuery={(q: string) => ({ q })} sx={{ minWidth: { sm: 280 } }} />
  </ReferenceInput>,
  <DateInput key="created_at_gte" source="created_at_gte" label="Ordered from" />,
  <DateInput key="created_at_lte" source="created_at_lte" label="Ordered to" />,
  <NullableBooleanInput key="overdue" source="overdue" label="Overdue" trueLabel="Overdue only" falseLabel="Not overdue" nullLabel="Any" />,
];
