import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';

/** What a refused telephone number is told (one rule, server and forms alike: see fields.ts). */
export const PHONE_MESSAGE = 'Enter a UK number such as 0113 496 0000, or an international one starting with +';

/**
 * A telephone number as UK customers and staff write it: a UK number (national, e.g. 0113 496 0000,
 * or +44…) or any international number starting with +, judged by libphonenumber-js's metadata
 * (not a regex of ours). Spaces, dashes and brackets are allowed; it is kept as typed, trimmed.
 * Empty means "none" (telephone and mobile are optional everywhere).
 */
export const phoneSchema = (max = 30) =>
  z
    .string({ message: 'Enter a telephone number' })
    .trim()
    .max(max, `At most ${max} characters`)
    .refine((value) => value === '' || isValidPhoneNumber(value, 'GB'), PHONE_MESSAGE);

/** True when `value` is a telephone number phoneSchema accepts (also for empty). */
export const isPhoneNumber = (value: string): boolean => phoneSchema().safeParse(value).success;
