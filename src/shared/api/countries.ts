import { z } from 'zod';

export const countrySchema = z.object({ id: z.number(), code: z.string(), name: z.string() });
export type Country = z.infer<typeof countrySchema>;
