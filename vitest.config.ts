import { defineConfig } from 'vitest/config';

// Unit and contract tests sit beside the code and run in parallel. Integration tests under
// tests/ each boot the whole stack (a nats-server and seven services), so they run one file at
// a time on this two-core machine.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['packages/*/src/**/*.test.ts', 'services/*/src/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'integration', include: ['tests/integration/**/*.test.ts'], fileParallelism: false },
      },
      // The web apps' client rules (API client, session, toasts, idle reload): plain functions with
      // injected clocks, cookies and fetch, so Node runs them without a DOM library.
      {
        extends: true,
        test: { name: 'web', include: ['frontends/*/src/**/*.test.ts'], environment: 'node' },
      },
      // Real Chromium against the started stack with the built web apps; one file at a time.
      {
        extends: true,
        test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], fileParallelism: false },
      },
    ],
  },
});
