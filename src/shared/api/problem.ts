import { z } from 'zod';

/**
 * An error of the trade API (`/api/v1`) as RFC 9457 describes it (`application/problem+json`):
 * `type` names the kind of problem (a page of the developer documentation), `title` is that kind
 * in words, `detail` this occurrence, `errors` a message per field when the problem is about fields.
 */
export const problemSchema = z
  .object({
    type: z.string().describe('A URI naming the kind of problem; its page in the developer documentation'),
    title: z.string().describe('The kind of problem in words (the same for every problem of this type)'),
    status: z.number().int().describe('The HTTP status of the answer'),
    detail: z.string().describe('What went wrong this time, in words a person can act on'),
    errors: z
      .record(z.string(), z.string())
      .optional()
      .describe('A message per field (nested fields joined with dots; `_` for the body as a whole), when the problem is about fields'),
  })
  .describe('A problem (RFC 9457)');

export type Problem = z.infer<typeof problemSchema>;
