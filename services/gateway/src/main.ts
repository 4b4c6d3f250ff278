import { connectNats, createGrpcClient, runService } from '@mediakit/kit';
import { authV1, contentV1, filesV1, jobsV1 } from '@mediakit/proto';
import { createAccessTokenVerifier } from './access-tokens.ts';
import { buildApp } from './app.ts';
import { defaultWebRoot, gatewayEnv } from './env.ts';

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

    // Access tokens are the auth service's: issued as `<PUBLIC_URL>/oidc`, for the audience `mediakit`.
    const tokens = createAccessTokenVerifier({
      jwks: new URL(config.AUTH_JWKS_URL),
      issuer: `${config.PUBLIC_URL}/oidc`,
      audience: 'mediakit',
      cooldownMs: config.AUTH_JWKS_COOLDOWN_MS,
    });

    const app = await buildApp({
      files,
      jobs,
      auth,
      tokens,
      content,
      nats,
      filesHttpUrl: config.FILES_HTTP_URL,
      webRoot: defaultWebRoot(config),
      log,
      trustProxy: config.TRUST_PROXY,
      rateLimit: {
        perMinute: config.RATE_LIMIT_PER_MINUTE,
        writesPerMinute: config.RATE_LIMIT_WRITES_PER_MINUTE,
        authPerMinute: config.RATE_LIMIT_AUTH_PER_MINUTE,
      },
    });
    await app.listen({ port: config.PORT, host: config.HOST });
    // Registered last, so it runs first: stop taking requests before the clients close.
    onShutdown(() => app.close());
  },
});
