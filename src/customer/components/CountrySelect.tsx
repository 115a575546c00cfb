import TextField from '@mui/material/TextField';
import type { TextFieldBinding } from '../forms/useZodForm';
import { HOME_COUNTRY_CODE, type CountriesState } from './useCountries';

/**
 * The country of an address as a native select: quick to type into with the keyboard, and the
 * phone's own picker on small screens. The home country comes first, then the rest by name.
 */
export function CountrySelect({ binding, countries }: { binding: TextFieldBinding; countries: CountriesState }) {
  const list = countries.status === 'loaded' ? countries.countries : [];
  const homeCount = list.filter((country) => country.code === HOME_COUNTRY_CODE).length;
  const problem = countries.status === 'failed' ? 'The list of countries could not be loaded. Reload the page to try again.' : undefined;
  return (
    <TextField
      {...binding}
      select
      required
      label="Country"
      disabled={countries.status !== 'loaded'}
      error={binding.error || Boolean(problem)}
      helperText={binding.helperText ?? problem}
      autoComplete="country-name"
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{countries.status === 'loading' ? 'Loading countries…' : 'Choose a country'}</option>
      {list.map((country, index) => [
        <option key={country.id} value={String(country.id)}>
          {country.name}
        </option>,
        index === homeCount - 1 && homeCount < list.length ? (
          <option key="divider" disabled>
            ──────────
          </option>
        ) : null,
      ])}
    </TextField>
  );
}
