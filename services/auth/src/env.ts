import { commonEnv, documentStoreEnv, mailEnv, type PublicOrigins, port, publicOrigins } from '@mediakit/kit';
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
  PUBLIC_URL: Type.Optional(
    Type.String({
      // The same rule as the gateway's PUBLIC_URL: both derive the issuers from it and must agree.
      pattern: '^https?://[^/]+$',
      description:
        "origin users reach Mediakit at, without a trailing slash; tokens are issued by <PUBLIC_URL>/oidc; unset: localhost, 127.0.0.1 and this machine's addresses at GATEWAY_PORT",
    }),
  ),
  GATEWAY_PORT: port(
    8080,
    "the gateway's public port (its PORT); without PUBLIC_URL, sign-in works at http://localhost, http://127.0.0.1 and this machine's addresses on it",
  ),
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
    description: 'an unused refresh token expires after this many days (the refreshToken cookie lasts 30)',
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
  // External identity provider mode (external-idp/): a Keycloak realm (or any OpenID Provider)
  // replaces the built-in one for sign-in; this service then refreshes and revokes its tokens.
  OIDC_ISSUER: Type.Optional(
    Type.String({
      pattern: '^https?://\\S+[^/\\s]$',
      description:
        'external OpenID issuer that replaces the built-in provider, e.g. https://kc.example/realms/mediakit (no trailing slash); unset: the built-in provider',
    }),
  ),
  OIDC_CLIENT_ID: Type.String({
    default: 'mediakit-web',
    minLength: 1,
    pattern: '^[A-Za-z0-9._-]{1,64}$',
    description:
      'client id the web app signs in with: at OIDC_ISSUER (used for token refresh and revocation), or at the built-in provider (public client, PKCE, redirect <PUBLIC_URL>/auth/callback)',
  }),
  OIDC_CLIENT_SECRET: Type.Optional(
    Type.String({
      minLength: 1,
      description:
        "that client's secret, only if it is confidential (sent with server-side refresh and revocation)",
    }),
  ),
  // The built-in OpenID Provider (oidc/), at <PUBLIC_URL>/oidc when OIDC_ISSUER is unset.
  OIDC_COOKIE_KEYS: Type.Optional(
    Type.String({
      description:
        "secrets that sign the built-in provider's cookies and the sign-in forms' CSRF tokens, comma-separated, current first (at least 32 characters each); generated and kept in the document store when unset",
    }),
  ),
  OIDC_TRUSTED_PROXIES: Type.String({
    default: '127.0.0.1,::1,::ffff:127.0.0.1',
    description:
      'addresses (comma-separated) whose X-Forwarded-For/-Host/-Proto the auth HTTP server believes: the gateway',
  }),
  SIGN_IN_ATTEMPTS_PER_IP: Type.Integer({
    minimum: 1,
    default: 30,
    description:
      'form posts (sign-in, sign-up, password reset) one address may make per SIGN_IN_ATTEMPT_WINDOW_MINUTES',
  }),
  SIGN_IN_ATTEMPTS_PER_EMAIL: Type.Integer({
    minimum: 1,
    default: 10,
    description: 'sign-in and password-reset posts for one email per SIGN_IN_ATTEMPT_WINDOW_MINUTES',
  }),
  SIGN_IN_ATTEMPT_WINDOW_MINUTES: Type.Integer({
    minimum: 1,
    maximum: 1440,
    default: 15,
    description: 'the window the sign-in page attempt limits count in, in minutes',
  }),
  PASSWORD_RESET_TTL_MINUTES: Type.Integer({
    minimum: 5,
    maximum: 1440,
    default: 60,
    description: 'how long the link of a password-reset email works (once), in minutes',
  }),
  ...mailEnv,
  AUTH_SWEEP_INTERVAL_SECONDS: Type.Integer({
    minimum: 1,
    default: 600,
    description:
      'how often the auth service deletes expired and revoked sessions, applies due plan downgrades and re-announces account deletions, in seconds',
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

/**
 * Where browsers may sign in (packages/kit public-origins.ts): PUBLIC_URL, or without it the
 * loopback names and this machine's addresses at the gateway's port. The app session's tokens are
 * issued by `<canonical>/oidc`; the built-in provider has one issuer per allowed origin.
 */
export function originsFrom(config: Pick<AuthConfig, 'PUBLIC_URL' | 'GATEWAY_PORT'>): PublicOrigins {
  return publicOrigins({ publicUrl: config.PUBLIC_URL, port: config.GATEWAY_PORT });
}
