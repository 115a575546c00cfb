import { Fragment } from 'react';
import type { TextFieldBinding } from '../forms/useZodForm';
import { Field } from '../mui-free/Field';
import { SelectField } from '../mui-free/SelectField';
import { ADDRESS_SECTIONS, type AddressFieldRow } from './addressFieldRows';
import { COUNTRY_LABEL, CountryOptions, countriesProblem } from './countryOptions';
import type { ProfileValues } from './profileValues';
import type { CountriesState } from '../api/countries';
import '../mui-free/muiFree.css';

interface PlainAddressFieldsProps {
  field: (name: keyof ProfileValues) => TextFieldBinding;
  countries: CountriesState;
}

/** The grid column classes of a field: full width on phones, `sm` twelfths from 600 px. */
const columnClass = (sm: AddressFieldRow['sm']) => (sm === 12 ? undefined : `pj-sm-${String(sm).replace('.', '-')}`);

/**
 * The contact and address fields of registration without MUI: the same list, labels and layout as
 * the profile page's AddressFields (addressFieldRows.ts), drawn with the MUI-free components (mui-free/).
 */
export function PlainAddressFields({ field, countries }: PlainAddressFieldsProps) {
  const country = field('country_id');
  const problem = countriesProblem(countries);
  return (
    <>
      {ADDRESS_SECTIONS.map((section, index) => (
        <Fragment key={section.title}>
          <h2 className={index === 0 ? 'pj-h3 pj-section-title-first' : 'pj-h3 pj-section-title'}>{section.title}</h2>
          <div className="pj-grid">
            {section.fields.map((row) => (
              <div key={row.name} className={columnClass(row.sm)}>
                <Field {...field(row.name)} label={row.label} type={row.type} required={row.required} autoComplete={row.autoComplete} />
              </div>
            ))}
            {index === ADDRESS_SECTIONS.length - 1 && (
              <div className={columnClass(6)}>
                <SelectField
                  {...country}
                  label={COUNTRY_LABEL}
                  required
                  error={country.error || Boolean(problem)}
                  helperText={country.helperText ?? problem}
                  disabled={countries.status !== 'loaded'}
                  autoComplete="country-name"
                >
                  <CountryOptions countries={countries} />
                </SelectField>
              </div>
            )}
          </div>
        </Fragment>
      ))}
    </>
  );
}
