import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';

/** The committed OpenAPI document the types come from (`npm run openapi` writes both). */
export const OPENAPI_DOCUMENT = resolve(import.meta.dirname, '../../../docs/openapi.json');
/** The generated types, checked in beside the client that uses them. */
export const TYPES_FILE = resolve(import.meta.dirname, 'api-types.ts');

const HEADER =
  '// Generated from docs/openapi.json by openapi-typescript (`npm run openapi`). Do not edit by hand.\n\n';

/** The TypeScript of the API's paths and components, as `src/api-types.ts` must hold it. */
export async function generateTypes(document: unknown = JSON.parse(readFileSync(OPENAPI_DOCUMENT, 'utf8'))) {
  const nodes = await openapiTS(document as Parameters<typeof openapiTS>[0], { silent: true });
  return HEADER + astToString(nodes);
}
