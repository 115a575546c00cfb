import type { ProfileValues } from './profileValues';

/** One field of the contact and address form: its label and how wide it is from 600 px (in twelfths). */
export interface AddressFieldRow {
  name: Exclude<keyof ProfileValues, 'country_id'>;
  label: string;
  required?: boolean;
  type?: 'email' | 'tel';
  autoComplete: string;
  sm: 3 | 4.5 | 6 | 12;
}

/**
 * The contact and address fields of registration and the profile page (DESIGN §2: first name,
 * last name, e-mail, address line 1, town, postcode and country are required), in two sections.
 * One list for both forms (AddressFields with MUI, PlainAddressFields without), so they cannot drift.
 */
export const ADDRESS_SECTIONS: readonly { title: string; fields: readonly AddressFieldRow[] }[] = [
  {
    title: 'About you',
    fields: [
      { name: 'title', label: 'Title', autoComplete: 'honorific-prefix', sm: 3 },
      { name: 'firstname', label: 'First name', required: true, autoComplete: 'given-name', sm: 4.5 },
      { name: 'lastname', label: 'Last name', required: true, autoComplete: 'family-name', sm: 4.5 },
      { name: 'company_name', label: 'Company name', autoComplete: 'organization', sm: 12 },
      { name: 'email', label: 'E-mail address', type: 'email', required: true, autoComplete: 'email', sm: 12 },
      { name: 'telephone', label: 'Telephone', type: 'tel', autoComplete: 'tel', sm: 6 },
      { name: 'mobile', label: 'Mobile', type: 'tel', autoComplete: 'mobile tel', sm: 6 },
    ],
  },
  {
    // The country select follows these, beside the postcode.
    title: 'Address',
    fields: [
      { name: 'address1', label: 'Address line 1', required: true, autoComplete: 'address-line1', sm: 12 },
      { name: 'address2', label: 'Address line 2', autoComplete: 'address-line2', sm: 12 },
      { name: 'town', label: 'Town or city', required: true, autoComplete: 'address-level2', sm: 6 },
      { name: 'county', label: 'County', autoComplete: 'address-level1', sm: 6 },
      { name: 'postcode', label: 'Postcode', required: true, autoComplete: 'postal-code', sm: 6 },
    ],
  },
];
