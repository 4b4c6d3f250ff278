import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { generateTypes, TYPES_FILE } from './generate-types.ts';

test('src/api-types.ts is generated from docs/openapi.json (else: run npm run openapi)', async () => {
  expect(readFileSync(TYPES_FILE, 'utf8'), 'api-types.ts is out of date: run npm run openapi').toBe(
    await generateTypes(),
  );
});
