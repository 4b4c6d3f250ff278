import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { imageLimitsEnv, videoLimitsEnv } from '@mediakit/catalog';
import { commonEnv, grpcAddressEnv, mailEnv, port } from '@mediakit/kit';
import { type Static, Type } from 'typebox';

/** The web shell's build in this repository, served when WEB_ROOT is not set. */
const shellDist = fileURLToPath(new URL('../../../frontends/shell/dist', import.meta.url));

export const gatewayEnv = Type.Object({
  ...commonEnv,
  ...grpcAddressEnv,
  PORT: port(8080, 'public HTTP port of the gateway (API at /api/v1 and the web app)'),
  METRICS_PORT: port(
    9107,
    "port of the gateway's Prometheus /metrics, on HOST (loopback when unset); never public",
  ),
  FILES_HTTP_URL: Type.String({
    default: 'http://127.0.0.1:8082',
    description: "base URL of the files service's internal HTTP API",
  }),
  WEB_ROOT: Type.Optional(
    Type.String({ description: 'built web shell to serve; default frontends/shell/dist when it exists' }),
  ),
  WEB_TOOLS_ROOT: Type.Optional(
    Type.String({
      description:
        'built tools remote served at /remotes/tools/; default frontends/tools/dist when it exists',
    }),
  ),
  WEB_DASHBOARD_ROOT: Type.Optional(
    Type.String({
      description:
        'built dashboard remote served at /remotes/dashboard/; default frontends/dashboard/dist when it exists',
    }),
  ),
  REMOTE_TOOLS_URL: Type.String({
    default: '/remotes/tools/mf-manifest.json',
    minLength: 1,
    description:
      "the tools remote's mf-manifest.json as the browser loads it (a path on this origin or an absolute URL); written to /runtime-config.json",
  }),
  REMOTE_DASHBOARD_URL: Type.String({
    default: '/remotes/dashboard/mf-manifest.json',
    minLength: 1,
    description:
      "the dashboard remote's mf-manifest.json as the browser loads it (a path on this origin or an absolute URL); written to /runtime-config.json",
  }),
  DOWNLOAD_LINK_SECRET: Type.Optional(
    Type.String({
      minLength: 32,
      description:
        'secret signing short-lived download links (POST /files/{id}/link); the same on every gateway replica; unset: each process draws its own',
    }),
  ),
  DOWNLOAD_LINK_TTL_SECONDS: Type.Integer({
    minimum: 60,
    maximum: 86400,
    default: 1800,
    description: 'how long a download link works, in seconds (long enough to watch a video with seeking)',
  }),
  TRUST_PROXY: Type.Boolean({
    default: false,
    description: 'trust X-Forwarded-For/-Proto (true only behind a reverse proxy that sets them)',
  }),
  HTTP_HEADERS_TIMEOUT_SECONDS: Type.Integer({
    minimum: 1,
    default: 20,
    description: 'a client must send its request headers within this time, or the connection is closed',
  }),
  HTTP_IDLE_TIMEOUT_SECONDS: Type.Integer({
    minimum: 1,
    default: 120,
    description: 'a connection with no byte in either direction for this long is closed (stalled uploads)',
  }),
  HTTP_REQUEST_TIMEOUT_SECONDS: Type.Integer({
    minimum: 1,
    default: 3600,
    description:
      'the whole request, body included, must arrive within this time (the largest upload must fit)',
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
  PUBLIC_URL: Type.Optional(
    Type.String({
      pattern: '^https?://[^/]+$',
      description:
        "origin users reach Mediakit at, without a trailing slash; access tokens must be issued by <PUBLIC_URL>/oidc; unset: sign-in works at localhost, 127.0.0.1 and this machine's addresses at PORT",
    }),
  ),
  // The gateway's own default: without PUBLIC_URL it is reached at this machine's LAN addresses too.
  HOST: Type.Optional(
    Type.String({
      description:
        'interface the gateway listens on; default: 127.0.0.1 with PUBLIC_URL set, every interface (0.0.0.0) without',
    }),
  ),
  AUTH_HTTP_URL: Type.String({
    default: 'http://127.0.0.1:8083',
    pattern: '^https?://[^/]+$',
    description: "the auth service's HTTP server, where /oidc/* (the built-in OpenID Provider) is proxied",
  }),
  AUTH_JWKS_URL: Type.String({
    default: 'http://127.0.0.1:8083/oidc/jwks',
    pattern: '^https?://',
    description: "the token issuer's JWKS (the auth service's keys), used to verify access tokens",
  }),
  // External identity provider mode (external-idp/): a Keycloak realm replaces the built-in provider.
  OIDC_ISSUER: Type.Optional(
    Type.String({
      pattern: '^https?://\\S+[^/\\s]$',
      description:
        'external OpenID issuer whose access tokens are accepted instead of the built-in ones, e.g. https://kc.example/realms/mediakit (no trailing slash); unset: the built-in provider',
    }),
  ),
  OIDC_CLIENT_ID: Type.String({
    default: 'mediakit-web',
    minLength: 1,
    description:
      "client id the web app signs in with: at OIDC_ISSUER, or at the built-in provider (the same value as the auth service's)",
  }),
  OIDC_AUDIENCE: Type.Optional(
    Type.String({
      minLength: 1,
      description:
        "required aud of the external issuer's access tokens; unset: their azp must be OIDC_CLIENT_ID (Keycloak's tokens say aud account)",
    }),
  ),
  CONTACT_RATE_LIMIT_PER_HOUR: Type.Integer({
    minimum: 1,
    default: 5,
    description: 'contact-form messages per hour per client address (each one sends a confirmation email)',
  }),
  // The workers' pixel limits, read here too so the catalog (inputs.maxPixels) tells the pages the
  // same number the jobs service and the workers enforce: give all of them the same values.
  MAX_IMAGE_PIXELS: imageLimitsEnv.MAX_IMAGE_PIXELS,
  MAX_VIDEO_PIXELS: videoLimitsEnv.MAX_VIDEO_PIXELS,
  // Only whether it is set matters here: without SMTP, /dev/mailbox shows the development mailbox.
  SMTP_URL: mailEnv.SMTP_URL,
  AUTH_JWKS_COOLDOWN_MS: Type.Integer({
    minimum: 0,
    default: 30_000,
    description: 'least time between two fetches of the JWKS when a token names an unknown key id',
  }),
});

export type GatewayConfig = Static<typeof gatewayEnv>;

/**
 * Where the gateway listens: HOST when set; otherwise every interface when PUBLIC_URL is unset
 * (sign-in works at the machine's LAN addresses then, so they must reach it), else loopback.
 */
export const listenHost = (config: Pick<GatewayConfig, 'HOST' | 'PUBLIC_URL'>): string =>
  config.HOST ?? (config.PUBLIC_URL ? '127.0.0.1' : '0.0.0.0');

export const defaultWebRoot = (config: GatewayConfig): string | undefined =>
  config.WEB_ROOT ?? (existsSync(shellDist) ? shellDist : undefined);

/** The remotes' builds in this repository, served when WEB_TOOLS_ROOT / WEB_DASHBOARD_ROOT are not set. */
const remoteDist = (name: 'tools' | 'dashboard') =>
  fileURLToPath(new URL(`../../../frontends/${name}/dist`, import.meta.url));

export const defaultRemoteRoots = (config: GatewayConfig) => ({
  toolsRoot: config.WEB_TOOLS_ROOT ?? (existsSync(remoteDist('tools')) ? remoteDist('tools') : undefined),
  dashboardRoot:
    config.WEB_DASHBOARD_ROOT ?? (existsSync(remoteDist('dashboard')) ? remoteDist('dashboard') : undefined),
});
