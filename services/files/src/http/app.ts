import { type Check, type Logger, observeHttpRequest, registerErrorHandlers } from '@mediakit/kit';
import type { OutboundClient } from '@mediakit/outbound';
import type { DataStore } from '@tus/server';
import Fastify, { type FastifyInstance } from 'fastify';
import type { FilesService } from '../files-service.ts';
import { contentRoutes } from './content-routes.ts';
import { healthRoutes } from './health-routes.ts';
import { importRoutes } from './import-routes.ts';
import { multipartUploadRoutes } from './multipart-upload-routes.ts';
import type { UploadLimits } from './trusted-headers.ts';
import { tusRoutes } from './tus-routes.ts';
import { createTusServer } from './tus-uploads.ts';

export interface HttpAppDeps {
  service: FilesService;
  /** Readiness checks for /readyz, by dependency name. */
  checks: Record<string, Check>;
  limits: UploadLimits;
  /** Where multipart parts are spooled while they are read. */
  spoolDir: string;
  /** Where unfinished tus uploads are staged. */
  staging: DataStore;
  /** An upload body that stops arriving for this long is ended (stall-watch.ts); default 60 s. */
  uploadIdleTimeoutMs?: number;
  /** Imports from a URL: the SSRF-safe client and the whole-import time limit. */
  imports: { outbound: OutboundClient; timeoutSeconds: number };
  /** Request logs go here; none when absent (tests). */
  log?: Logger;
}

export const DEFAULT_UPLOAD_IDLE_TIMEOUT_MS = 60_000;

/**
 * The internal HTTP server: byte streams the gateway forwards (uploads and downloads) and the
 * health probes. Identity and plan limits arrive in trusted headers (trusted-headers.ts).
 */
export async function buildHttpApp(deps: HttpAppDeps): Promise<FastifyInstance> {
  const app = (
    deps.log ? Fastify({ loggerInstance: deps.log }) : Fastify({ logger: false })
  ) as FastifyInstance;
  app.addHook('onResponse', async (request, reply) => observeHttpRequest(request, reply));
  registerErrorHandlers(app, {
    notFoundMessage: (request) => `There is no ${request.method} ${request.url.split('?')[0]} here.`,
  });

  const limits = deps.limits;
  const tus = createTusServer({
    service: deps.service,
    staging: deps.staging,
    limits,
    log: app.log as Logger,
  });

  await app.register(healthRoutes, { checks: deps.checks });
  const idleTimeoutMs = deps.uploadIdleTimeoutMs ?? DEFAULT_UPLOAD_IDLE_TIMEOUT_MS;
  await app.register(multipartUploadRoutes, {
    service: deps.service,
    limits,
    spoolDir: deps.spoolDir,
    idleTimeoutMs,
  });
  await app.register(importRoutes, {
    service: deps.service,
    limits,
    spoolDir: deps.spoolDir,
    ...deps.imports,
  });
  await app.register(contentRoutes, { service: deps.service });
  await app.register(tusRoutes, { tus, limits, idleTimeoutMs });
  await app.ready();
  return app;
}
