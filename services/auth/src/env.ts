import { commonEnv, documentStoreEnv, port } from '@mediakit/kit';
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
  ...documentStoreEnv,
  GRPC_PORT: port(50051, 'port of the auth gRPC API'),
  HTTP_PORT: port(8083, 'port of the auth HTTP server: /oidc/jwks, /healthz and /readyz'),
  PUBLIC_URL: Type.String({
    default: 'http://localhost:8080',
    // The same rule as the gateway's PUBLIC_URL: both derive the issuer from it and must agree.
    pattern: '^https?://[^/]+$',
    description:
      'origin users reach Mediakit at, without a trailing slash; tokens are issued by <PUBLIC_URL>/oidc',
  }),
  ACCESS_TOKEN_TTL_SECONDS: Type.Integer({
    minimum: 60,
    maximum: 86_400,
    default: 900,
    description: 'lifetime of access and id tokens, in seconds',
  }),
  REFRESH_TOKEN_TTL_DAYS: Type.Number({
    exclusiveMinimum: 0,
    maximum: 365,
    default: 30,
    description: 'an unused refresh token expires after this many days (the spec refresh cookie lasts 30)',
  }),
  PASSWORD_MIN_LENGTH: Type.Integer({
    minimum: 8,
    maximum: 128,
    default: 10,
    description: 'shortest password accepted at sign-up and password change, in characters',
  }),
  PASSWORD_MAX_LENGTH: Type.Integer({
    minimum: 16,
    maximum: 1024,
    default: 256,
    description: 'longest password accepted, in characters (bounds the work of one hash)',
  }),
  PASSWORD_MIN_CHARACTER_CLASSES: Type.Integer({
    minimum: 1,
    maximum: 4,
    default: 1,
    description: 'how many of lower case, upper case, digits and symbols a password must mix',
  }),
  JWT_PRIVATE_KEYS: Type.Optional(
    Type.String({
      description:
        'signing keys for production: a JWK Set JSON of private keys or PKCS#8 PEM blocks, current first; generated and kept in the document store when unset',
    }),
  ),
  ADMIN_EMAIL: Type.Optional(
    Type.String({ description: 'the account with this email gets role admin (at sign-up, or at start)' }),
  ),
  ARGON2_MEMORY_KIB: Type.Integer({
    minimum: 8192,
    default: 19_456,
    description: 'argon2id memory cost in KiB (OWASP minimum: 19456 with 2 passes)',
  }),
  ARGON2_TIME_COST: Type.Integer({ minimum: 1, default: 2, description: 'argon2id passes over memory' }),
  ARGON2_PARALLELISM: Type.Integer({
    minimum: 1,
    maximum: 16,
    default: 1,
    description: 'argon2id lanes',
  }),
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

/** The token issuer: `<PUBLIC_URL>/oidc`, the path where the OpenID Provider will also live. */
export function issuerFrom(config: Pick<AuthConfig, 'PUBLIC_URL'>): string {
  return `${config.PUBLIC_URL}/oidc`;
}
