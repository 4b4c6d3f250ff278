import type { ServiceSpec } from './service-specs.ts';

/**
 * Preloaded into every service before its own modules: OpenTelemetry's instrumentations
 * (packages/kit/src/telemetry-register.ts) can patch http, grpc-js and Fastify only as they load.
 */
export const TELEMETRY_NODE_FLAGS: readonly string[] = ['--import', '@mediakit/kit/telemetry-register'];

/**
 * The flags node runs a service with: the same in `npm start`, the tests and the bench (through
 * startStack) and in the service's Dockerfile CMD (tests/deploy/dockerfiles.test.ts compares them).
 */
export function serviceNodeFlags(spec: Pick<ServiceSpec, 'nodeFlags'>): string[] {
  return [...TELEMETRY_NODE_FLAGS, ...(spec.nodeFlags ?? [])];
}
