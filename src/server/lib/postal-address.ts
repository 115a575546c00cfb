/**
 * A contact and postal address as the API names it (snake_case) and as the users and orders tables
 * hold it (camelCase columns): one mapping each way, shared by profiles and orders' delivery
 * addresses. Postcodes are kept upper-case, as Royal Mail writes them.
 */
export interface AddressFields {
  firstname: string;
  lastname: string;
  company_name: string;
  telephone: string;
  address1: string;
  address2: string;
  town: string;
  county: string;
  postcode: string;
  country_id: number | null;
}

export interface AddressColumns {
  firstname: string;
  lastname: string;
  companyName: string;
  telephone: string;
  address1: string;
  address2: string;
  town: string;
  county: string;
  postcode: string;
  countryId: number | null;
}

export function addressColumns(a: AddressFields): AddressColumns {
  return {
    firstname: a.firstname,
    lastname: a.lastname,
    companyName: a.company_name,
    telephone: a.telephone,
    address1: a.address1,
    address2: a.address2,
    town: a.town,
    county: a.county,
    postcode: a.postcode.toUpperCase(),
    countryId: a.country_id,
  };
}

export function addressFields(row: AddressColumns): AddressFields {
  return {
    firstname: row.firstname,
    lastname: row.lastname,
    company_name: row.companyName,
    telephone: row.telephone,
    address1: row.address1,
    address2: row.address2,
    town: row.town,
    county: row.county,
    postcode: row.postcode,
    country_id: row.countryId,
  };
}
