import { z } from 'zod';
import { requiredText } from './common';

/** Which orders a key makes: `live` ones are printed and invoiced; `test` ones are the sandbox's. */
export const apiKeyModeSchema = z.enum(['live', 'test']).describe('live: real orders; test: the sandbox (never printed, invoiced or charged)');

/** `GET /api/v1/account`: whose key this is, and what it does. */
export const tradeAccountSchema = z
  .object({
    id: z.number().int().describe('The account number'),
    company_name: z.string(),
    email: z.string(),
    mode: apiKeyModeSchema.describe('The mode of the key that made this request'),
    payment_terms: z.enum(['account', 'card']).describe('API orders are on account: invoiced on dispatch, paid on your terms'),
  })
  .describe('The account an API key belongs to');

/** A key as its owner sees it in the list: never the key itself, only its first characters. */
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mode: apiKeyModeSchema,
  /** "pjt_test_AbC1": the prefix and four more characters, to tell keys apart. */
  key_start: z.string(),
  created_at: z.string(),
  /** When it last opened a request (to the minute); null if never. */
  last_used_at: z.string().nullable(),
  /** When it was revoked; null while it works. */
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** `POST /api/account/api-keys`. */
export const apiKeyCreateSchema = z.strictObject({
  name: requiredText('A name', 60),
  mode: z.enum(['live', 'test'], { message: 'Choose live or test' }),
});
export type ApiKeyCreate = z.input<typeof apiKeyCreateSchema>;

/** The answer of `POST /api/account/api-keys`: the only time the key itself is shown. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyListSchema = z.array(apiKeySchema);
