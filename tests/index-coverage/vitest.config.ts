import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

/** The services' unit tests, with their document stores recording every query (record-queries.setup.ts). */
export default defineConfig({
  test: {
    root: resolve(import.meta.dirname, '../..'),
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Only the services that keep documents.
    include: ['services/{auth,content,files,jobs}/src/**/*.test.ts'],
    setupFiles: [resolve(import.meta.dirname, 'record-queries.setup.ts')],
    // As in the unit project (vitest.config.ts at the root).
    execArgv: ['--import', '@mediakit/kit/telemetry-register'],
    server: { deps: { external: [/\/packages\/proto\//] } },
  },
});
