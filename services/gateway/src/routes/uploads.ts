import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '@mediakit/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Plans } from '../plans.ts';
import { passBodiesThrough } from '../plugins/body-passthrough.ts';
import { IdParams } from '../schemas.ts';
import { forward, trustedHeaders } from '../upstream.ts';

export interface UploadsRoutesOptions {
  plans: Plans;
  writesPerMinute: number;
}

/** The tus endpoint's path, the same on the gateway and on the files service. */
const UPLOADS = '/api/v1/uploads';

/**
 * Resumable uploads (tus 1.0) live in the files service; the gateway forwards every tus request
 * and answer verbatim (Upload-Offset, Upload-Length, Location, Tus-*, Mk-File-Id, ...) and adds
 * who the caller is and what their plan lets them upload.
 */
export const uploadsRoutes: FastifyPluginAsyncTypebox<UploadsRoutesOptions> = async (app, options) => {
  const { plans } = options;
  passBodiesThrough(app);

  async function toFilesService(request: FastifyRequest, reply: FastifyReply, path: string) {
    const owner = request.owner;
    // OPTIONS is tus discovery and needs nobody; anything else without an owner names nothing.
    if (!owner && request.method !== 'OPTIONS') throw notFound('This upload');
    const writes = request.method === 'POST' || request.method === 'PATCH';
    const limits = writes ? (await plans.forOwner(owner)).limits : undefined;
    return forward(reply, { path, trusted: trustedHeaders(owner, limits) });
  }

  app.post(
    '/uploads',
    { config: { rateLimit: { max: options.writesPerMinute, timeWindow: 60_000 } } },
    (request, reply) => toFilesService(request, reply, UPLOADS),
  );
  app.options('/uploads', (request, reply) => toFilesService(request, reply, UPLOADS));
  app.route({
    // POST too: tus clients behind proxies that block PATCH send POST with X-HTTP-Method-Override.
    method: ['HEAD', 'PATCH', 'POST', 'DELETE', 'OPTIONS'],
    url: '/uploads/:id',
    schema: { params: IdParams },
    handler: (request, reply) =>
      toFilesService(request, reply, `${UPLOADS}/${encodeURIComponent(request.params.id)}`),
  });
};
