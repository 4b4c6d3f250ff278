import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/operations.md promises every environment variable in one table. `.env.example` is held to the
 * services' schemas by env-example.test.ts, so every variable it names must have its row here too.
 */
const root = resolve(import.meta.dirname, '../../..');
const variables = new Set(
  [...readFileSync(join(root, '.env.example'), 'utf8').matchAll(/\b([A-Z][A-Z0-9_]+)=/g)].map((m) => m[1]),
);
const table = readFileSync(join(root, 'docs/operations.md'), 'utf8');

describe('docs/operations.md', () => {
  it('has a row for every variable of .env.example', () => {
    expect(variables.size).toBeGreaterThan(50);
    expect([...variables].filter((name) => !table.includes(`| \`${name}\` |`))).toEqual([]);
  });
});
