import { Fragment } from 'react';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { TextFieldBinding } from '../forms/useZodForm';
import { ADDRESS_SECTIONS, type AddressFieldRow } from './addressFieldRows';
import { CountrySelect } from './CountrySelect';
import type { ProfileValues } from './profileValues';
import type { CountriesState } from '../api/countries';
import { TextInput } from './TextInput';

interface AddressFieldsProps {
  field: (name: keyof ProfileValues) => TextFieldBinding;
  countries: CountriesState;
  /** Fields shown read-only, each with why (a member who is not an owner sees the company's name). */
  readOnly?: Partial<Record<AddressFieldRow['name'], string>>;
}

/**
 * The contact and address fields of the profile page (MUI), from the list registration shares
 * (addressFieldRows.ts; the signed-out register page draws them with PlainAddressFields).
 */
export function AddressFields({ field, countries, readOnly = {} }: AddressFieldsProps) {
  return (
    <>
      {ADDRESS_SECTIONS.map((section, index) => (
        <Fragment key={section.title}>
          <Typography variant="h3" component="h2" sx={{ mt: index === 0 ? 2 : 3 }}>
            {section.title}
          </Typography>
          <Grid container columnSpacing={2}>
            {section.fields.map((row) => (
              <Grid key={row.name} size={row.sm === 12 ? 12 : { xs: 12, sm: row.sm }}>
                {readOnly[row.name] ? (
                  <TextInput {...field(row.name)} label={row.label} type={row.type} readOnly helperText={readOnly[row.name]} />
                ) : (
                  <TextInput {...field(row.name)} label={row.label} type={row.type} required={row.required} autoComplete={row.autoComplete} />
                )}
              </Grid>
            ))}
            {index === ADDRESS_SECTIONS.length - 1 && (
              <Grid size={{ xs: 12, sm: 6 }}>
                <CountrySelect binding={field('country_id')} countries={countries} />
              </Grid>
            )}
          </Grid>
        </Fragment>
      ))}
    </>
  );
}
