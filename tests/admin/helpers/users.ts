import type { User } from '../../../src/shared/api';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    email: 'alex@printjunction.test',
    role: 'admin',
    title: '',
    firstname: 'Alex',
    lastname: 'Morgan',
    company_name: 'Print Junction Trade Ltd',
    company_logo: null,
    telephone: '',
    mobile: '',
    address1: 'Unit 4',
    address2: '',
    town: 'Leeds',
    county: '',
    postcode: 'LS11 5QN',
    country_id: 1,
    blind_dispatch: false,
    created_at: '2025-01-01T00:00:00.000Z',
    company_id: 1,
    company_role: 'owner',
    approval_limit: null,
    ...overrides,
  };
}
