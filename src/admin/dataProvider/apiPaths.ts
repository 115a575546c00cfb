/**
 * react-admin names a resource by its path under /admin, which the specification fixes
 * (/admin/delivery/countries); the API names it as DESIGN §3 does (/api/admin/countries).
 * Resources whose two names are equal are not listed.
 */
const API_NAMES: Readonly<Record<string, string>> = {
  delivery: 'delivery-types',
  'delivery/countries': 'countries',
  'delivery/closed-days': 'closed-days',
};

export const apiResource = (resource: string): string => API_NAMES[resource] ?? resource;
