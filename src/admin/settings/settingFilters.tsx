import { NullableBooleanInput, SearchInput } from 'react-admin';

export const settingFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name, value or description" />,
  <NullableBooleanInput key="public" source="public" label="Public" trueLabel="Public" falseLabel="Staff only" nullLabel="All" alwaysOn />,
];
