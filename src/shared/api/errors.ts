import type { z } from 'zod';

/** Every error the API answers has this shape; `errors` names each bad field (422). */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string>;
}

/** One message per field, the first zod gives for it; nested paths join with dots. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
