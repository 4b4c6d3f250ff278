import { commonEnv, documentStoreEnv, objectStoreEnv, outboundEnv, port } from '@mediakit/kit';
import { Type } from 'typebox';

const GIB = 1024 ** 3;

/** Configuration of the files service, validated at start (see .env.example). */
export const env = Type.Object({
  ...commonEnv,
  ...documentStoreEnv,
  ...objectStoreEnv,
  ...outboundEnv,
  GRPC_PORT: port(50052, 'files service gRPC port'),
  HTTP_PORT: port(
    8082,
    'files service internal HTTP port (uploads, downloads, health); reached only through the gateway',
  ),
  GUEST_RETENTION_HOURS: Type.Number({
    exclusiveMinimum: 0,
    default: 1,
    description: 'hours an upload is kept when the gateway sends no x-mk-retention-hours (anonymous owners)',
  }),
  SWEEP_INTERVAL_SECONDS: Type.Integer({
    minimum: 1,
    default: 60,
    description: 'how often expired files are deleted',
  }),
  MAX_UPLOAD_BYTES: Type.Integer({
    minimum: 1,
    default: 2 * GIB,
    description: 'hard ceiling on one uploaded file; the plan limit (x-mk-max-bytes) applies below it',
  }),
  UPLOAD_IDLE_TIMEOUT_SECONDS: Type.Integer({
    minimum: 1,
    default: 60,
    description:
      'an upload whose bytes stop arriving for this long is ended: multipart with 408, a tus PATCH keeping what arrived',
  }),
  UPLOAD_TMP_DIR: Type.Optional(
    Type.String({
      description:
        'where uploads are spooled and tus uploads staged; defaults to the OS temp dir and DATA_DIR/tus',
    }),
  ),
  IMPORT_TIMEOUT_SECONDS: Type.Integer({
    minimum: 1,
    default: 600,
    description:
      'an import from a URL (POST /files/import) that has not finished in this many seconds is stopped and nothing is kept',
  }),
});
