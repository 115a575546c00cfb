import Grid from '@mui/material/Grid';
import type { CountriesState } from '../api/countries';
import type { TextFieldBinding } from '../forms/useZodForm';
import { CountrySelect } from './CountrySelect';
import { TextInput } from './TextInput';

/** A delivery contact and address's fields, named as the API names them; in rows of two on a wide screen. */
export const DELIVERY_ADDRESS_FIELDS = [
  { key: 'firstname', label: 'First name', required: true, autoComplete: 'given-name', sm: 6 },
  { key: 'lastname', label: 'Last name', required: true, autoComplete: 'family-name', sm: 6 },
  { key: 'company_name', label: 'Company name', autoComplete: 'organization', sm: 12 },
  { key: 'email', label: 'E-mail address', type: 'email', required: true, autoComplete: 'email', sm: 6 },
  { key: 'telephone', label: 'Telephone', type: 'tel', autoComplete: 'tel', sm: 6 },
  { key: 'address1', label: 'Address line 1', required: true, autoComplete: 'address-line1', sm: 12 },
  { key: 'address2', label: 'Address line 2', autoComplete: 'address-line2', sm: 12 },
  { key: 'town', label: 'Town or city', required: true, autoComplete: 'address-level2', sm: 6 },
  { key: 'county', label: 'County', autoComplete: 'address-level1', sm: 6 },
  { key: 'postcode', label: 'Postcode', required: true, autoComplete: 'postal-code', sm: 6 },
] as const;

export type DeliveryAddressKey = (typeof DELIVERY_ADDRESS_FIELDS)[number]['key'] | 'country_id';

/**
 * The fields of a delivery address (an order's, a saved one's), with the browser's shipping
 * autofill: `bind` gives each its form binding, whatever the form calls it (`address.town`, `town`).
 */
export function DeliveryAddressFields({ bind, countries }: { bind: (key: DeliveryAddressKey) => TextFieldBinding; countries: CountriesState }) {
  return (
    <Grid container columnSpacing={2}>
      {DELIVERY_ADDRESS_FIELDS.map((row) => (
        <Grid key={row.key} size={{ xs: 12, sm: row.sm }}>
          <TextInput
            {...bind(row.key)}
            label={row.label}
            type={'type' in row ? row.type : undefined}
            required={'required' in row}
            autoComplete={`shipping ${row.autoComplete}`}
          />
        </Grid>
      ))}
      <Grid size={{ xs: 12, sm: 6 }}>
        <CountrySelect binding={bind('country_id')} countries={countries} />
      </Grid>
    </Grid>
  );
}
