import openapiTS, { astToString } from 'openapi-typescript';
import prettier from 'prettier';

export const TYPES_FILE = 'tests/server/trade-api/client/v1.d.ts';

/**
 * The TypeScript types of the trade API as a reseller's developer would make them from
 * `GET /api/v1/openapi.json` with openapi-typescript: the generated client of the tests is typed by
 * what the document says, so a route the document describes wrongly fails to compile or to answer.
 */
export async function tradeApiTypes(document: unknown): Promise<string> {
  const source = astToString(await openapiTS(document as Parameters<typeof openapiTS>[0]));
  const header = '// Generated from GET /api/v1/openapi.json by `npm run trade-api:types`; never edited by hand.\n';
  return prettier.format(header + source, { ...(await prettier.resolveConfig(TYPES_FILE)), parser: 'typescript' });
}
