import { commonEnv, grpcAddressEnv, objectStoreEnv, port } from '@mediakit/kit';
import { Type } from 'typebox';

/** Environment of a worker process (transcoder or imager). */
export const workerEnv = (healthPort: number, concurrency: number) =>
  Type.Object({
    ...commonEnv,
    ...objectStoreEnv,
    ...grpcAddressEnv,
    HEALTH_PORT: port(healthPort, 'port of /healthz and /readyz'),
    WORKER_CONCURRENCY: Type.Integer({
      minimum: 1,
      maximum: 64,
      default: concurrency,
      description: 'jobs this process runs at once',
    }),
    ACK_WAIT_MS: Type.Integer({
      minimum: 1000,
      default: 30_000,
      description: 'JetStream redelivers a job whose worker went silent this long',
    }),
    MAX_DELIVER: Type.Integer({
      minimum: 1,
      default: 5,
      description: 'deliveries of one job before it is failed',
    }),
    TMP_DIR: Type.Optional(
      Type.String({ description: 'parent of the private per-job temp dirs (default: the OS temp dir)' }),
    ),
  });
