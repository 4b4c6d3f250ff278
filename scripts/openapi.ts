// `npm run openapi`: writes docs/openapi.json, the OpenAPI 3.1 document of the public API, from the
// gateway's route schemas (no stack needed). The gateway's openapi.test.ts fails until it is rerun
// after a route or schema changes.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { formatDocument, openApiDocument } from '../services/gateway/src/openapi-document.ts';

const target = resolve(import.meta.dirname, '..', 'docs', 'openapi.json');
writeFileSync(target, formatDocument(await openApiDocument()));
console.log(`openapi: wrote ${target}`);
