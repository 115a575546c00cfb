import { z } from 'zod';
import { textSchema } from './common';

/** A country as the staff area sees it; inactive countries are not offered to customers. */
export const staffCountrySchema = z.object({ id: z.number(), code: z.string(), name: z.string(), active: z.boolean(), version: z.number() });
export type StaffCountry = z.infer<typeof staffCountrySchema>;

/** PUT /api/admin/countries/{id}: the name and the active flag; the ISO code is fixed. */
export const staffCountryUpdateSchema = z.object({
  name: textSchema({ message: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'At most 100 characters'),
  active: z.boolean({ message: 'Choose active or not' }),
});
