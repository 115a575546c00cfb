import { AutocompleteInput, NumberInput, ReferenceInput } from 'react-admin';
import { searchFilter } from '../common/searchFilter';
import { customerText } from '../orders/orderFilters';

/** The tickets list's filters: the search (ticket or order number, customer, words of the details), a customer and an order. */
export const ticketFilters = [
  searchFilter('Search tickets', 'Search tickets by ticket or order number, customer name, company or e-mail, or words of the details', 300),
  <ReferenceInput key="user_id" source="user_id" reference="users" label="Customer">
    <AutocompleteInput label="Customer" optionText={customerText} filterToQuery={(q: string) => ({ q })} sx={{ minWidth: { sm: 280 } }} />
  </ReferenceInput>,
  <NumberInput key="order_id" source="order_id" label="Order number" min={1} step={1} sx={{ width: { sm: 180 } }} />,
];
