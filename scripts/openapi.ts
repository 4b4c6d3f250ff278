// `npm run openapi`: writes docs/openapi.json, the OpenAPI 3.1 document of the public API, from the
// gateway's route schemas (no stack needed), and the client's types generated from it
// (packages/client/src/api-types.ts). The gateway's openapi.test.ts and the client's
// api-types.test.ts fail until it is rerun after a route or schema changes.
// `npm run openapi -- --check` writes nothing and fails when either file is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generateTypes, TYPES_FILE } from '@mediakit/client/generate';
import { formatDocument, openApiDocument } from '../services/gateway/src/openapi-document.ts';

const check = process.argv.includes('--check');
const target = resolve(import.meta.dirname, '..', 'docs', 'openapi.json');
const document = await openApiDocument();
const files = [
  { path: target, text: formatDocument(document) },
  { path: TYPES_FILE, text: await generateTypes(document) },
];
for (const { path, text } of files) {
  if (!check) {
    writeFileSync(path, text);
    console.log(`openapi: wrote ${path}`);
  } else if (readFileSync(path, 'utf8') !== text) {
    console.error(`openapi: ${path} is out of date: run npm run openapi`);
    process.exitCode = 1;
  }
}
