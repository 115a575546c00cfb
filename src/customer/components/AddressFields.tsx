import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TextFieldBinding } from '../forms/useZodForm';
import { CountrySelect } from './CountrySelect';
import type { ProfileValues } from './profileValues';
import type { CountriesState } from './useCountries';

interface AddressFieldsProps {
  field: (name: keyof ProfileValues) => TextFieldBinding;
  countries: CountriesState;
}

/**
 * The contact and address fields of registration and the profile page (DESIGN §2: first name,
 * last name, e-mail, address line 1, town, postcode and country are required).
 */
export function AddressFields({ field, countries }: AddressFieldsProps) {
  return (
    <>
      <Typography variant="h3" component="h2" sx={{ mt: 2 }}>
        About you
      </Typography>
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 3 }}>
          <TextField {...field('title')} label="Title" autoComplete="honorific-prefix" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4.5 }}>
          <TextField {...field('firstname')} label="First name" required autoComplete="given-name" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4.5 }}>
          <TextField {...field('lastname')} label="Last name" required autoComplete="family-name" />
        </Grid>
        <Grid size={12}>
          <TextField {...field('company_name')} label="Company name" autoComplete="organization" />
        </Grid>
        <Grid size={12}>
          <TextField {...field('email')} label="E-mail address" type="email" required autoComplete="email" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('telephone')} label="Telephone" type="tel" autoComplete="tel" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('mobile')} label="Mobile" type="tel" autoComplete="mobile tel" />
        </Grid>
      </Grid>
      <Typography variant="h3" component="h2" sx={{ mt: 3 }}>
        Address
      </Typography>
      <Grid container columnSpacing={2}>
        <Grid size={12}>
          <TextField {...field('address1')} label="Address line 1" required autoComplete="address-line1" />
        </Grid>
        <Grid size={12}>
          <TextField {...field('address2')} label="Address line 2" autoComplete="address-line2" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('town')} label="Town or city" required autoComplete="address-level2" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('county')} label="County" autoComplete="address-level1" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('postcode')} label="Postcode" required autoComplete="postal-code" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <CountrySelect binding={field('country_id')} countries={countries} />
        </Grid>
      </Grid>
    </>
  );
}
