import { imageLimitsEnv, videoLimitsEnv } from '@mediakit/catalog';
import { commonEnv, documentStoreEnv, grpcAddressEnv, outboundEnv, port } from '@mediakit/kit';
import { Type } from 'typebox';

/** Environment of the jobs service, validated at start (kit loadConfig). */
export const jobsEnv = Type.Object({
  ...commonEnv,
  ...documentStoreEnv,
  ...grpcAddressEnv,
  // Inputs of video tools over these are refused with 422 at CreateJob (input-limits-check.ts).
  ...videoLimitsEnv,
  // Inputs of image tools over these are refused with 422 at CreateJob (input-limits-check.ts);
  // IMAGE_DECODE_TIMEOUT_SECONDS is the imager's alone and unused here.
  ...imageLimitsEnv,
  GRPC_PORT: port(50053, 'port of the JobsService gRPC server'),
  HEALTH_PORT: port(9103, 'port of /healthz and /readyz'),
  SWEEP_INTERVAL_SECONDS: Type.Integer({
    minimum: 1,
    default: 60,
    description: 'how often expired jobs are deleted',
  }),
  RELEASE_INTERVAL_SECONDS: Type.Integer({
    minimum: 1,
    default: 10,
    description:
      'how often held jobs of owners below their concurrency limit are released from the documents (after a restart or a lost release)',
  }),
  MAX_DELIVER: Type.Integer({
    minimum: 1,
    default: 5,
    description: "deliveries of one job before it is failed; must match the workers' MAX_DELIVER",
  }),
  // Webhook deliveries go through @mediakit/outbound: the same two settings as the files service's.
  ...outboundEnv,
  WEBHOOK_RETRY_BASE_SECONDS: Type.Number({
    exclusiveMinimum: 0,
    default: 30,
    description:
      'wait before the first retry of a failed webhook delivery; later retries keep the proportions of 30 s, 2 m, 10 m, 30 m, 1 h, 3 h, 6 h, 12 h',
  }),
});
