/**
 * A contact and postal address as the API names it (snake_case) and as the users and orders tables
 * hold it (camelCase columns): one mapping each way, shared by profiles and orders' delivery
 * addresses. Postcodes are kept upper-case, as Royal Mail writes them.
 */
const COLUMN_OF = {
  firstname: 'firstname',
  lastname: 'lastname',
  company_name: 'companyName',
  telephone: 'telephone',
  address1: 'address1',
  address2: 'address2',
  town: 'town',
  county: 'county',
  postcode: 'postcode',
  country_id: 'countryId',
} as const;
type FieldName = keyof typeof COLUMN_OF;
type ValueOf<K extends FieldName> = K extends 'country_id' ? number | null : string;
const FIELD_NAMES = Object.keys(COLUMN_OF) as FieldName[];

export type AddressFields = { [K in FieldName]: ValueOf<K> };
export type AddressColumns = { [K in FieldName as (typeof COLUMN_OF)[K]]: ValueOf<K> };

export function addressColumns(a: AddressFields): AddressColumns {
  const row = Object.fromEntries(FIELD_NAMES.map((name) => [COLUMN_OF[name], a[name]])) as AddressColumns;
  return { ...row, postcode: a.postcode.toUpperCase() };
}

/** On every answer that shows a user (GET /api/user among them): a plain loop, no arrays in between. */
export function addressFields(row: AddressColumns): AddressFields {
  const fields = {} as Record<FieldName, string | number | null>;
  for (const name of FIELD_NAMES) fields[name] = row[COLUMN_OF[name]];
  return fields as AddressFields;
}
