import { defineConfig } from 'vitest/config';

const s3Tests = ['packages/kit/src/storage/object-store.contract.test.ts', 'tests/s3/**/*.test.ts'];

// Unit and contract tests sit beside the code and run in parallel. The other projects each boot
// the whole stack (a nats-server and seven services), so they run one file at a time, and one
// project after another (sequence.groupOrder): two stacks at once on a two-core machine only make
// both slow and their timeouts flaky.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          // As every service runs: OpenTelemetry's instrumentations load before grpc-js and http.
          execArgv: ['--import', '@mediakit/kit/telemetry-register'],
          // The generated gRPC code loads natively, not through vitest, so grpc-js it imports is patched.
          server: { deps: { external: [/\/packages\/proto\//] } },
          include: ['packages/*/src/**/*.test.ts', 'services/*/src/**/*.test.ts'],
          exclude: ['packages/web-*/src/**', ...s3Tests],
        },
      },
      // On a real S3: Ceph RADOS Gateway, one for the run, started by tests/s3/global-setup.ts only
      // when a file here runs. The object-store contract, byte-moving stacks and the RGW restart test.
      {
        extends: true,
        test: {
          name: 's3',
          sequence: { groupOrder: 6 },
          include: s3Tests,
          globalSetup: ['tests/s3/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: ['tests/integration/**/*.test.ts'],
          fileParallelism: false,
        },
      },
      // The web apps' client rules (API client, session, toasts, idle reload), in the apps and in the
      // packages they share: plain functions with injected clocks, cookies and fetch, so Node runs
      // them without a DOM library.
      {
        extends: true,
        test: {
          name: 'web',
          sequence: { groupOrder: 0 },
          include: ['frontends/*/src/**/*.test.ts', 'packages/web-*/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      // deploy/k8s rendered and checked offline (kubectl kustomize), the Dockerfiles linted, and
      // worker processes scaled out on one JetStream consumer; one file at a time.
      {
        extends: true,
        test: {
          name: 'deploy',
          sequence: { groupOrder: 4 },
          include: ['tests/deploy/**/*.test.ts'],
          fileParallelism: false,
        },
      },
      // Real Chromium against the started stack with the built web apps; one file at a time.
      {
        extends: true,
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['tests/e2e/**/*.test.ts'],
          fileParallelism: false,
        },
      },
      // `npm run bench -- --quick` end to end (bench/run.ts): the benchmark harness keeps working.
      {
        extends: true,
        test: {
          name: 'bench-smoke',
          sequence: { groupOrder: 5 },
          include: ['tests/bench/**/*.test.ts'],
          fileParallelism: false,
        },
      },
      // Hostile inputs and crash safety (issue 10): each file boots its own stack and kills parts
      // of it on purpose, so one file at a time, with room for restarts.
      {
        extends: true,
        test: {
          name: 'hardening',
          sequence: { groupOrder: 3 },
          include: ['tests/hardening/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 300_000,
        },
      },
    ],
  },
});
