import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// .env.example promises to list every variable a service reads: each services/*/src/env.ts schema
// and the workers' (packages/worker/src/env.ts) must be covered.
const root = resolve(import.meta.dirname, '../../..');
const documented = new Set(
  [...readFileSync(join(root, '.env.example'), 'utf8').matchAll(/\b([A-Z][A-Z0-9_]+)=/g)].map((m) => m[1]),
);

const schemaFiles = [
  ...readdirSync(join(root, 'services'))
    .map((service) => join(root, 'services', service, 'src/env.ts'))
    .filter((file) => {
      try {
        return readFileSync(file).length > 0;
      } catch {
        return false;
      }
    }),
  join(root, 'packages/worker/src/env.ts'),
];

const isObjectSchema = (value: unknown): value is { properties: Record<string, unknown> } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { properties?: unknown }).properties === 'object';

describe('.env.example', () => {
  it.each(schemaFiles.map((file) => [file.slice(root.length + 1), file]))(
    'lists every variable of %s',
    async (_name, file) => {
      const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      const keys = new Set<string>();
      for (const value of Object.values(module)) {
        // Schemas, or factories of schemas such as workerEnv(healthPort, concurrency).
        const schema =
          typeof value === 'function' ? safeCall(value as (...args: number[]) => unknown) : value;
        if (isObjectSchema(schema)) for (const key of Object.keys(schema.properties)) keys.add(key);
      }
      expect(keys.size).toBeGreaterThan(0);
      expect([...keys].filter((key) => !documented.has(key))).toEqual([]);
    },
  );
});

function safeCall(fn: (...args: number[]) => unknown): unknown {
  try {
    return fn(1, 1);
  } catch {
    return undefined;
  }
}
