import { SearchInput } from 'react-admin';

/**
 * A list's search box, always shown: a placeholder short enough for a phone, and an accessible name
 * that says everything it searches.
 */
export function searchFilter(placeholder: string, label: string, minWidth = 260) {
  return (
    <SearchInput key="q" source="q" alwaysOn placeholder={placeholder} slotProps={{ htmlInput: { 'aria-label': label } }} sx={{ minWidth: { sm: minWidth } }} />
  );
}
