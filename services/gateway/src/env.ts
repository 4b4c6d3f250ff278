import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { commonEnv, grpcAddressEnv, port } from '@mediakit/kit';
import { type Static, Type } from 'typebox';

/** The web shell's build in this repository, served when WEB_ROOT is not set. */
const shellDist = fileURLToPath(new URL('../../../frontends/shell/dist', import.meta.url));

export const gatewayEnv = Type.Object({
  ...commonEnv,
  ...grpcAddressEnv,
  PORT: port(8080, 'public HTTP port of the gateway (API at /api/v1 and the web app)'),
  FILES_HTTP_URL: Type.String({
    default: 'http://127.0.0.1:8082',
    description: "base URL of the files service's internal HTTP API",
  }),
  WEB_ROOT: Type.Optional(
    Type.String({ description: 'built web shell to serve; default frontends/shell/dist when it exists' }),
  ),
  TRUST_PROXY: Type.Boolean({
    default: false,
    description: 'trust X-Forwarded-For/-Proto (true only behind a reverse proxy that sets them)',
  }),
  RATE_LIMIT_PER_MINUTE: Type.Integer({
    minimum: 1,
    default: 600,
    description: 'requests per minute per caller',
  }),
  RATE_LIMIT_WRITES_PER_MINUTE: Type.Integer({
    minimum: 1,
    default: 120,
    description: 'uploads and new jobs per minute per caller',
  }),
  RATE_LIMIT_AUTH_PER_MINUTE: Type.Integer({
    minimum: 1,
    default: 20,
    description: 'sign-ups, logins, token refreshes and password changes per minute per client address',
  }),
  PUBLIC_URL: Type.String({
    default: 'http://localhost:8080',
    pattern: '^https?://[^/]+$',
    description:
      'origin users reach Mediakit at, without a trailing slash; access tokens must be issued by <PUBLIC_URL>/oidc',
  }),
  AUTH_JWKS_URL: Type.String({
    default: 'http://127.0.0.1:8083/oidc/jwks',
    pattern: '^https?://',
    description: "the token issuer's JWKS (the auth service's keys), used to verify access tokens",
  }),
  AUTH_JWKS_COOLDOWN_MS: Type.Integer({
    minimum: 0,
    default: 30_000,
    description: 'least time between two fetches of the JWKS when a token names an unknown key id',
  }),
});

export type GatewayConfig = Static<typeof gatewayEnv>;

export const defaultWebRoot = (config: GatewayConfig): string | undefined =>
  config.WEB_ROOT ?? (existsSync(shellDist) ? shellDist : undefined);
