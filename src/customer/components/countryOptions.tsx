import { HOME_COUNTRY_CODE, type CountriesState } from '../api/countries';

/** The country select's label. */
export const COUNTRY_LABEL = 'Country';

/** What the country select says under it when the list could not be loaded. */
export function countriesProblem(countries: CountriesState): string | undefined {
  return countries.status === 'failed' ? 'The list of countries could not be loaded. Reload the page to try again.' : undefined;
}

/**
 * The options of the country select (with MUI or without): a prompt, the home country first, a
 * line, then the rest by name.
 */
export function CountryOptions({ countries }: { countries: CountriesState }) {
  const list = countries.status === 'loaded' ? countries.countries : [];
  const homeCount = list.filter((country) => country.code === HOME_COUNTRY_CODE).length;
  return (
    <>
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
    </>
  );
}
