import { z } from 'zod';

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
