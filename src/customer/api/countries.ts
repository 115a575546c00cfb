import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { countrySchema, type Country } from '../../shared/api/countries';
import { http } from '../../shared/http';
import { queryClient } from './queryClient';

/** The code of the country listed first: most customers of a UK printer deliver in the UK. */
export const HOME_COUNTRY_CODE = 'GB';

/** The server sorts by name; the home country goes to the top. */
function homeCountryFirst(countries: readonly Country[]): Country[] {
  const home = countries.filter((country) => country.code === HOME_COUNTRY_CODE);
  return [...home, ...countries.filter((country) => country.code !== HOME_COUNTRY_CODE)];
}

async function fetchCountries(): Promise<Country[]> {
  const { data } = await http.get<unknown>('/api/countries');
  return homeCountryFirst(z.array(countrySchema).parse(data));
}

// Asked once per page load: the list rarely changes and both address forms use it.
const countriesQuery = queryOptions({ queryKey: ['countries'], queryFn: fetchCountries, staleTime: Infinity });

export function prefetchCountries(): Promise<void> {
  return queryClient.prefetchQuery(countriesQuery);
}

/** What the country select shows: a prompt while loading, a problem when the list failed. */
export type CountriesState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; countries: Country[] };

export function useCountries(): CountriesState {
  const { data, isError } = useQuery(countriesQuery);
  if (data) return { status: 'loaded', countries: data };
  return isError ? { status: 'failed' } : { status: 'loading' };
}
