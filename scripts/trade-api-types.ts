import { writeFileSync } from 'node:fs';
import { createTestApp } from '../tests/server/helpers/app';
import { TYPES_FILE, tradeApiTypes } from '../tests/server/trade-api/client/generate';

// Writes the trade API's generated types (tests/server/trade-api/client/v1.d.ts) from the document the
// app answers now, on a throwaway embedded database. tests/server/trade-api/client.test.ts fails while
// the committed file is not what this writes.
const t = await createTestApp();
try {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  writeFileSync(TYPES_FILE, await tradeApiTypes(res.json()));
  console.log(`wrote ${TYPES_FILE}`);
} finally {
  await t.close();
}
