import replyFrom from '@fastify/reply-from';
import swagger from '@fastify/swagger';
import { type TypeBoxTypeProvider, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import { publicCatalog } from '@mediakit/catalog';
import { observeHttpRequest, publicOrigins } from '@mediakit/kit';
import Fastify, { LogController, type onRouteHookHandler } from 'fastify';
import { Pool } from 'undici';
import type { GatewayDeps } from './deps.ts';
import { developersRoutes } from './developers/routes.ts';
import { DownloadLinks } from './download-links.ts';
import { createGuestClaims } from './guest-claims.ts';
import { addOpenApiComponents, openApiOptions, openApiRoutes } from './openapi.ts';
import { createPlans } from './plans.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { identityPlugin } from './plugins/identity.ts';
import { securityPlugin } from './plugins/security.ts';
import { webPlugin } from './plugins/web.ts';
import { accountRoutes } from './routes/account.ts';
import { adminUsersRoutes } from './routes/admin-users.ts';
import { apiKeysRoutes } from './routes/api-keys.ts';
import { authRoutes } from './routes/auth.ts';
import { authConfigRoutes } from './routes/auth-config.ts';
import { blogRoutes } from './routes/blog.ts';
import { contactRoutes } from './routes/contact.ts';
import { devMailboxRoutes } from './routes/dev-mailbox.ts';
import { fileImportRoutes } from './routes/file-import.ts';
import { filesRoutes } from './routes/files.ts';
import { healthRoutes } from './routes/health.ts';
import { jobEventsRoutes } from './routes/job-events.ts';
import { jobsRoutes } from './routes/jobs.ts';
import { oidcProxyRoutes } from './routes/oidc-proxy.ts';
import { plansRoutes } from './routes/plans.ts';
import { statsRoutes } from './routes/stats.ts';
import { subscriptionRoutes } from './routes/subscription.ts';
import { ticketsRoutes } from './routes/tickets.ts';
import { toolsRoutes } from './routes/tools.ts';
import { uploadsRoutes } from './routes/uploads.ts';
import { webhooksRoutes } from './routes/webhooks.ts';

export type { GatewayDeps } from './deps.ts';

/** JSON bodies are small; file bytes never go through the JSON parser (see body-passthrough.ts). */
export const JSON_BODY_LIMIT = 1024 * 1024;
export const API = '/api/v1';

/**
 * The gateway, built from its dependencies so tests can hand in fakes. Order matters: security
 * (helmet, rate limits) and identity must be in place before any route is added, because they
 * attach to routes as those are registered.
 */
export async function buildApp(deps: GatewayDeps, options: { onRoute?: onRouteHookHandler } = {}) {
  const app = Fastify({
    loggerInstance: deps.log,
    trustProxy: deps.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    // One access-log line per request (below) instead of Fastify's two. Logs are written
    // synchronously to stdout: under load the second line doubles the time the event loop spends
    // in write(2), and a slow reader of the pipe stalls every request behind it.
    // (Fastify 5.8+ takes this through its log controller; the top-level option is deprecated.)
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<TypeBoxTypeProvider>();
  // Tests list every route this way, to check that the OpenAPI document names them all.
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // The OpenAPI document is built from the schemas of the routes registered after this.
  await app.register(swagger, openApiOptions);
  addOpenApiComponents(app);
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        req: { method: request.method, url: request.url, remoteAddress: request.ip },
        res: { statusCode: reply.statusCode },
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
    observeHttpRequest(request, reply);
  });
  app.setValidatorCompiler(TypeBoxValidatorCompiler);
  // The API speaks JSON only; a text/plain body would otherwise reach routes as a string.
  app.removeContentTypeParser('text/plain');

  const limits = deps.rateLimit ?? { perMinute: 600, writesPerMinute: 120 };
  const authPerMinute = limits.authPerMinute ?? 20;
  const plans = createPlans(deps.auth);
  const filesHttpOrigin = new URL(deps.filesHttpUrl).origin;
  // One keep-alive pool to the files service, shared by uploads, downloads, tus and health.
  const filesHttp = new Pool(filesHttpOrigin, { connections: 256 });
  app.addHook('onClose', async () => {
    await filesHttp.close();
  });

  await app.register(securityPlugin, {
    perMinute: limits.perMinute,
    publicUrl: deps.publicUrl,
    timeouts: deps.timeouts,
  });
  await app.register(errorsPlugin);
  await app.register(identityPlugin, {
    tokens: deps.tokens,
    apiKeys: (secret) => deps.auth.verifyApiKey({ secret }),
    claims: createGuestClaims({ files: deps.files, jobs: deps.jobs }),
  });
  // Fastify already logs every request; reply-from's own per-request lines would only repeat it.
  await app.register(replyFrom, { base: filesHttpOrigin, undici: filesHttp, disableRequestLogging: true });

  const { files, jobs, auth, nats } = deps;
  const writesPerMinute = limits.writesPerMinute;
  // The public catalog, built once: it never changes while the process runs.
  const tools = publicCatalog(deps.pixelLimits);
  await app.register(openApiRoutes, { prefix: API });
  await app.register(toolsRoutes, { prefix: API, tools });
  await app.register(plansRoutes, { prefix: API, auth });
  await app.register(authRoutes, { prefix: API, auth, authPerMinute, writesPerMinute });
  if (deps.authClientConfig) {
    await app.register(authConfigRoutes, { prefix: API, config: deps.authClientConfig });
  }
  await app.register(accountRoutes, { prefix: API, auth, authPerMinute });
  await app.register(subscriptionRoutes, { prefix: API, auth, writesPerMinute });
  await app.register(apiKeysRoutes, { prefix: API, auth, writesPerMinute });
  const links = deps.downloadLinks ?? new DownloadLinks({ ttlSeconds: 1800 });
  await app.register(filesRoutes, { prefix: API, files, plans, filesHttp, writesPerMinute, links });
  await app.register(fileImportRoutes, { prefix: API, plans, filesHttp, writesPerMinute });
  await app.register(uploadsRoutes, { prefix: API, plans, writesPerMinute });
  await app.register(jobsRoutes, { prefix: API, jobs, plans, writesPerMinute, nats });
  await app.register(jobEventsRoutes, { prefix: API, jobs, nats });
  await app.register(statsRoutes, { prefix: API, files, jobs, plans });
  if (deps.webhooks)
    await app.register(webhooksRoutes, { prefix: API, webhooks: deps.webhooks, writesPerMinute });
  if (deps.contentApi) {
    const content = deps.contentApi;
    await app.register(blogRoutes, { prefix: API, content });
    await app.register(contactRoutes, { prefix: API, content, perHour: limits.contactPerHour ?? 5 });
    await app.register(ticketsRoutes, { prefix: API, content });
  }
  if (deps.userRoles) await app.register(adminUsersRoutes, { prefix: API, auth: deps.userRoles });
  await app.register(devMailboxRoutes, { dataDir: deps.devMailboxDir });
  if (deps.authHttpUrl) {
    await app.register(oidcProxyRoutes, {
      authHttpUrl: deps.authHttpUrl,
      origins:
        deps.origins ?? publicOrigins({ publicUrl: deps.publicUrl ?? 'http://localhost:8080', port: 8080 }),
    });
  }
  await app.register(healthRoutes, { files, jobs, auth, content: deps.content, nats, filesHttp });
  await app.register(developersRoutes, { publicUrl: deps.web?.publicUrl ?? 'http://localhost:8080' });
  await app.register(webPlugin, {
    root: deps.webRoot,
    tools,
    settings: deps.web,
    content: deps.content,
  });

  return app;
}

export type GatewayApp = Awaited<ReturnType<typeof buildApp>>;
