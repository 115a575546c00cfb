import { useEffect, useState } from 'react';
import { z } from 'zod';
import { countrySchema, type Country } from '../../shared/api/countries';
import { http } from '../../shared/http';

/** The code of the country listed first: most customers of a UK printer deliver in the UK. */
export const HOME_COUNTRY_CODE = 'GB';

/** The server sorts by name; the home country goes to the top. */
export function homeCountryFirst(countries: readonly Country[]): Country[] {
  const home = countries.filter((country) => country.code === HOME_COUNTRY_CODE);
  return [...home, ...countries.filter((country) => country.code !== HOME_COUNTRY_CODE)];
}

// One request per page load: the list rarely changes and both address forms use it.
let cached: Promise<Country[]> | null = null;
function loadCountries(): Promise<Country[]> {
  cached ??= http
    .get<unknown>('/api/countries')
    .then(({ data }) => homeCountryFirst(z.array(countrySchema).parse(data)))
    .catch((error: unknown) => {
      cached = null; // try again next time
      throw error;
    });
  return cached;
}

export type CountriesState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; countries: Country[] };

export function useCountries(): CountriesState {
  const [state, setState] = useState<CountriesState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    loadCountries().then(
      (countries) => current && setState({ status: 'loaded', countries }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, []);
  return state;
}
