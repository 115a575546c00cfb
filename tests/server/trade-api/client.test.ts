import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { TYPES_FILE, tradeApiTypes } from './client/generate';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());

describe("the trade API's generated client types", () => {
  it('are what openapi-typescript makes of /api/v1/openapi.json today (else: npm run trade-api:types)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(readFileSync(TYPES_FILE, 'utf8')).toBe(await tradeApiTypes(res.json()));
  });
});
