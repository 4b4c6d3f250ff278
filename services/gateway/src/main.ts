import { connectGrpcClients, connectNats, publicOrigins, runService, serveMetrics } from '@mediakit/kit';
import { createAccessTokenVerifier } from './access-tokens.ts';
import { buildApp } from './app.ts';
import { DownloadLinks } from './download-links.ts';
import { defaultRemoteRoots, defaultWebRoot, gatewayEnv, listenHost } from './env.ts';
import { externalAccessTokens } from './external-idp/external-access-tokens.ts';

await runService({
  name: 'gateway',
  env: gatewayEnv,
  async start({ config, log, onShutdown }) {
    const { files, jobs, webhooks, auth, content } = connectGrpcClients({
      addresses: {
        files: config.FILES_GRPC_ADDR,
        jobs: config.JOBS_GRPC_ADDR,
        // Served by the jobs service.
        webhooks: config.JOBS_GRPC_ADDR,
        auth: config.AUTH_GRPC_ADDR,
        content: config.CONTENT_GRPC_ADDR,
      },
      deadlineMs: config.GRPC_DEADLINE_MS,
      onShutdown,
    });
    const nats = await connectNats(config.NATS_URL, 'gateway');
    onShutdown(() => nats.drain());

    // Where browsers may sign in: PUBLIC_URL, or without it localhost, 127.0.0.1 and this machine's
    // addresses at PORT. The built-in provider has one issuer per such origin (`<origin>/oidc`); the
    // app session's tokens name the canonical one. With OIDC_ISSUER set, an external realm's
    // (Keycloak) tokens are accepted instead, and its people get local accounts.
    const origins = publicOrigins({ publicUrl: config.PUBLIC_URL, port: config.PORT });
    const tokens = config.OIDC_ISSUER
      ? externalAccessTokens(
          {
            issuer: config.OIDC_ISSUER,
            clientId: config.OIDC_CLIENT_ID,
            audience: config.OIDC_AUDIENCE,
            cooldownMs: config.AUTH_JWKS_COOLDOWN_MS,
          },
          auth,
        )
      : createAccessTokenVerifier({
          jwks: new URL(config.AUTH_JWKS_URL),
          issuer: (issuer) => origins.allowsIssuer(issuer),
          audience: 'mediakit',
          cooldownMs: config.AUTH_JWKS_COOLDOWN_MS,
        });

    const app = await buildApp({
      files,
      jobs,
      auth,
      tokens,
      authClientConfig: {
        externalIssuer: config.OIDC_ISSUER,
        clientId: config.OIDC_CLIENT_ID,
        origins,
      },
      content,
      contentApi: content,
      webhooks,
      userRoles: auth,
      // Where the content and auth services write mails when no SMTP server is set (kit mail-sender.ts).
      devMailboxDir: config.SMTP_URL ? undefined : config.DATA_DIR,
      nats,
      filesHttpUrl: config.FILES_HTTP_URL,
      downloadLinks: new DownloadLinks({
        secret: config.DOWNLOAD_LINK_SECRET,
        ttlSeconds: config.DOWNLOAD_LINK_TTL_SECONDS,
      }),
      authHttpUrl: config.AUTH_HTTP_URL,
      publicUrl: config.PUBLIC_URL,
      origins,
      webRoot: defaultWebRoot(config),
      web: {
        // Canonical links, Open Graph and the sitemap name one address.
        publicUrl: origins.canonical,
        ...defaultRemoteRoots(config),
        remotes: { tools: config.REMOTE_TOOLS_URL, dashboard: config.REMOTE_DASHBOARD_URL },
        // keycloak-js talks to an external issuer from the browser (discovery, token endpoint).
        connectOrigins: config.OIDC_ISSUER ? [config.OIDC_ISSUER] : [],
      },
      log,
      trustProxy: config.TRUST_PROXY,
      timeouts: {
        headersMs: config.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
        idleMs: config.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
        requestMs: config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      },
      pixelLimits: { image: config.MAX_IMAGE_PIXELS, video: config.MAX_VIDEO_PIXELS },
      rateLimit: {
        perMinute: config.RATE_LIMIT_PER_MINUTE,
        writesPerMinute: config.RATE_LIMIT_WRITES_PER_MINUTE,
        authPerMinute: config.RATE_LIMIT_AUTH_PER_MINUTE,
        contactPerHour: config.CONTACT_RATE_LIMIT_PER_HOUR,
      },
    });
    await app.listen({ port: config.PORT, host: listenHost(config) });
    await serveMetrics({ host: config.HOST ?? '127.0.0.1', port: config.METRICS_PORT, onShutdown });
    // Registered last, so it runs first: stop taking requests before the clients close.
    onShutdown(() => app.close());
  },
});
