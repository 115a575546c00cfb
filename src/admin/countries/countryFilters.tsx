import { NullableBooleanInput, SearchInput } from 'react-admin';

export const countryFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Country or ISO code" />,
  <NullableBooleanInput key="active" source="active" label="Offered" trueLabel="Active" falseLabel="Not active" nullLabel="All" alwaysOn />,
];
