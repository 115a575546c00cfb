import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { TextFieldBinding } from '../forms/useZodForm';
import { COUNTRY_LABEL, CountryOptions, countriesProblem } from './countryOptions';
import type { CountriesState } from '../api/countries';

/**
 * The country of an address as a native select: quick to type into with the keyboard, and the
 * phone's own picker on small screens. The home country comes first, then the rest by name.
 */
export function CountrySelect({ binding, countries }: { binding: TextFieldBinding; countries: CountriesState }) {
  const { id, name, value, onChange, onFocus, error, helperText } = binding;
  const problem = countriesProblem(countries);
  const message = helperText ?? problem;
  const helperId = message ? `${id}-helper-text` : undefined;
  return (
    <FormControl fullWidth margin="normal" required error={error || Boolean(problem)} disabled={countries.status !== 'loaded'}>
      <InputLabel htmlFor={id} shrink>
        {COUNTRY_LABEL}
      </InputLabel>
      <NativeSelect
        id={id}
        name={name}
        value={value}
        onChange={onChange}
        onFocus={onFocus}
        input={<OutlinedInput label={COUNTRY_LABEL} notched />}
        inputProps={{ autoComplete: 'country-name', 'aria-describedby': helperId }}
      >
        <CountryOptions countries={countries} />
      </NativeSelect>
      {message && <FormHelperText id={helperId}>{message}</FormHelperText>}
    </FormControl>
  );
}
