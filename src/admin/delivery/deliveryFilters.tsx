import { NullableBooleanInput, SearchInput, SelectInput } from 'react-admin';
import { CARRIER_CHOICES } from './carriers';

export const deliveryFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name or service code" />,
  <SelectInput key="carrier" source="carrier" label="Carrier" choices={CARRIER_CHOICES} emptyText="All carriers" />,
  <NullableBooleanInput key="active" source="active" label="Offered" trueLabel="Active" falseLabel="Inactive" nullLabel="All" />,
  <NullableBooleanInput key="large_item" source="large_item" label="Large items" trueLabel="Takes large items" falseLabel="Standard only" nullLabel="All" />,
];
