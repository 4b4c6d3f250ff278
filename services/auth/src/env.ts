import { commonEnv, port } from '@mediakit/kit';
import { type Static, Type } from 'typebox';

const GiB = 1024 ** 3;

/** The four limits of one plan, as `PLAN_<ID>_*` variables with the plan's defaults. */
function planLimitsEnv<P extends string>(
  prefix: P,
  defaults: { maxFileBytes: number; concurrentJobs: number; retentionHours: number; batchSize: number },
) {
  const name = prefix.toLowerCase();
  return {
    [`PLAN_${prefix}_MAX_FILE_BYTES`]: Type.Integer({
      minimum: 1,
      default: defaults.maxFileBytes,
      description: `largest file the ${name} plan accepts, in bytes`,
    }),
    [`PLAN_${prefix}_CONCURRENT_JOBS`]: Type.Integer({
      minimum: 1,
      default: defaults.concurrentJobs,
      description: `jobs of one ${name} owner that run at once`,
    }),
    [`PLAN_${prefix}_RETENTION_HOURS`]: Type.Number({
      exclusiveMinimum: 0,
      default: defaults.retentionHours,
      description: `hours the ${name} plan keeps files`,
    }),
    [`PLAN_${prefix}_BATCH_SIZE`]: Type.Integer({
      minimum: 1,
      default: defaults.batchSize,
      description: `most inputs of one job on the ${name} plan`,
    }),
  } as {
    [K in `PLAN_${P}_MAX_FILE_BYTES` | `PLAN_${P}_CONCURRENT_JOBS` | `PLAN_${P}_BATCH_SIZE`]: ReturnType<
      typeof Type.Integer
    >;
  } & { [K in `PLAN_${P}_RETENTION_HOURS`]: ReturnType<typeof Type.Number> };
}

export const authEnv = Type.Object({
  ...commonEnv,
  GRPC_PORT: port(50051, 'port of the auth gRPC API'),
  HEALTH_PORT: port(9101, 'port of /healthz and /readyz'),
  ...planLimitsEnv('FREE', { maxFileBytes: 1 * GiB, concurrentJobs: 2, retentionHours: 1, batchSize: 50 }),
  ...planLimitsEnv('PRO', { maxFileBytes: 5 * GiB, concurrentJobs: 5, retentionHours: 24, batchSize: 50 }),
  ...planLimitsEnv('BUSINESS', {
    maxFileBytes: 20 * GiB,
    concurrentJobs: 10,
    retentionHours: 168,
    batchSize: 50,
  }),
});

export type AuthConfig = Static<typeof authEnv>;
