import { z } from 'zod';

/** Every error the API answers has this shape; `errors` names each bad field (422). */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string>;
}

/** What a strict body says of a key it does not take (`unrecognized_keys`): the key is named, not the object. */
export const notAllowed = (key: string) => `The field "${key}" is not allowed here.`;

/**
 * One message per field, the first zod gives for it; nested paths join with dots. Keys a strict
 * object does not take are each named as a field of their own.
 */
export function fieldErrors(error: { readonly issues: readonly z.core.$ZodIssue[] }): Record<string, string> {
  const out: Record<string, string> = {};
  const add = (path: readonly PropertyKey[], message: string) => {
    const key = path.length ? path.map(String).join('.') : '_';
    if (!Object.hasOwn(out, key)) out[key] = message;
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') for (const key of issue.keys) add([...issue.path, key], notAllowed(key));
    else add(issue.path, issue.message);
  }
  return out;
}

/** Every error answer: what went wrong, in words the caller can show. */
export const apiErrorSchema = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.string()).optional().describe('A message per field, when the error is about fields'),
  })
  .describe('An error');

/** The 422 answer: `errors` names each bad field (nested fields with dots; `_` for the body as a whole). */
export const validationErrorSchema = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.string()).describe('A message per field, shown beside the field'),
  })
  .describe('The request was invalid');
