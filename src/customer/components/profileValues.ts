import type { User } from '../../shared/api';

/** The profile fields as a form holds them (the country id as the select's text). */
export const EMPTY_PROFILE = {
  title: '',
  firstname: '',
  lastname: '',
  company_name: '',
  email: '',
  telephone: '',
  mobile: '',
  address1: '',
  address2: '',
  town: '',
  county: '',
  postcode: '',
  country_id: '',
};
export type ProfileValues = typeof EMPTY_PROFILE;

/** The form's starting values from the signed-in user (only the fields PATCH /api/user accepts). */
export function profileValuesOf(user: User): ProfileValues {
  const values = { ...EMPTY_PROFILE };
  for (const key of Object.keys(EMPTY_PROFILE) as (keyof ProfileValues)[]) {
    const value = user[key];
    values[key] = value === null || value === undefined ? '' : String(value);
  }
  return values;
}
