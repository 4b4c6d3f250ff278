import { connectNats, createGrpcClient, runService } from '@mediakit/kit';
import { authV1, contentV1, filesV1, jobsV1 } from '@mediakit/proto';
import { createAccessTokenVerifier } from './access-tokens.ts';
import { buildApp } from './app.ts';
import { DownloadLinks } from './download-links.ts';
import { defaultRemoteRoots, defaultWebRoot, gatewayEnv } from './env.ts';
import { externalAccessTokens } from './external-idp/external-access-tokens.ts';

await runService({
  name: 'gateway',
  env: gatewayEnv,
  async start({ config, log, onShutdown }) {
    const deadline = { deadlineMs: config.GRPC_DEADLINE_MS };
    const files = createGrpcClient(
      filesV1.FilesServiceClient,
      filesV1.FilesServiceService,
      config.FILES_GRPC_ADDR,
      deadline,
    );
    const jobs = createGrpcClient(
      jobsV1.JobsServiceClient,
      jobsV1.JobsServiceService,
      config.JOBS_GRPC_ADDR,
      deadline,
    );
    const auth = createGrpcClient(
      authV1.AuthServiceClient,
      authV1.AuthServiceService,
      config.AUTH_GRPC_ADDR,
      deadline,
    );
    const content = createGrpcClient(
      contentV1.ContentServiceClient,
      contentV1.ContentServiceService,
      config.CONTENT_GRPC_ADDR,
      deadline,
    );
    onShutdown(() => {
      for (const client of [files, jobs, auth, content]) client.close();
    });
    const nats = await connectNats(config.NATS_URL, 'gateway');
    onShutdown(() => nats.drain());

    // Access tokens are the auth service's: issued as `<PUBLIC_URL>/oidc`, for the audience `mediakit`;
    // or, with OIDC_ISSUER set, an external realm's (Keycloak), whose people get local accounts.
    const builtInIssuer = `${config.PUBLIC_URL}/oidc`;
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
          issuer: builtInIssuer,
          audience: 'mediakit',
          cooldownMs: config.AUTH_JWKS_COOLDOWN_MS,
        });

    const app = await buildApp({
      files,
      jobs,
      auth,
      tokens,
      authClientConfig: {
        issuer: config.OIDC_ISSUER ?? builtInIssuer,
        clientId: config.OIDC_CLIENT_ID,
        thirdParty: !!config.OIDC_ISSUER,
      },
      content,
      contentApi: content,
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
      webRoot: defaultWebRoot(config),
      web: {
        publicUrl: config.PUBLIC_URL,
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
      rateLimit: {
        perMinute: config.RATE_LIMIT_PER_MINUTE,
        writesPerMinute: config.RATE_LIMIT_WRITES_PER_MINUTE,
        authPerMinute: config.RATE_LIMIT_AUTH_PER_MINUTE,
        contactPerHour: config.CONTACT_RATE_LIMIT_PER_HOUR,
      },
    });
    await app.listen({ port: config.PORT, host: config.HOST });
    // Registered last, so it runs first: stop taking requests before the clients close.
    onShutdown(() => app.close());
  },
});
