import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '@mediakit/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Plans } from '../plans.ts';
import { passBodiesThrough } from '../plugins/body-passthrough.ts';
import { Bytes, IdParams } from '../schemas.ts';
import { forward, trustedHeaders } from '../upstream.ts';

export interface UploadsRoutesOptions {
  plans: Plans;
  writesPerMinute: number;
}

/** The tus endpoint's path, the same on the gateway and on the files service. */
const UPLOADS = '/api/v1/uploads';

const tags = ['uploads'];
const TUS = 'The tus 1.0 protocol (https://tus.io/protocols/resumable-upload), headers and all.';
/** The bytes of a PATCH (or of a creation with upload), at the offset Upload-Offset names. */
const Chunk = { contentType: 'application/offset+octet-stream', schema: Bytes('The next bytes of the file') };
const NoBody = (description: string) => Type.Null({ description });

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
    {
      schema: {
        tags,
        summary: 'Start a resumable upload (tus creation)',
        description: `${TUS} Upload-Length and Upload-Metadata (filename, filetype) name the file; the answer's Location is the upload's URL.`,
        response: { 201: NoBody('Created: Location is the upload, Upload-Offset what it holds') },
      },
      config: { scope: 'files:write', rateLimit: { max: options.writesPerMinute, timeWindow: 60_000 } },
    },
    (request, reply) => toFilesService(request, reply, UPLOADS),
  );
  app.options(
    '/uploads',
    {
      schema: {
        tags,
        summary: 'What the tus server supports (Tus-Version, Tus-Extension, Tus-Max-Size)',
        response: { 204: NoBody('Tus-* headers') },
      },
      config: { scope: 'files:write' },
    },
    (request, reply) => toFilesService(request, reply, UPLOADS),
  );
  app.route({
    // POST too: tus clients behind proxies that block PATCH send POST with X-HTTP-Method-Override.
    method: ['HEAD', 'PATCH', 'POST', 'DELETE', 'OPTIONS'],
    url: '/uploads/:id',
    config: { scope: 'files:write' },
    schema: {
      tags,
      summary: 'Continue (PATCH), resume (HEAD) or end (DELETE) a resumable upload',
      description: `${TUS} The PATCH that completes the upload answers Mk-File-Id, the id of the new file.`,
      params: IdParams,
      streamedBody: Chunk,
      response: {
        200: NoBody('HEAD: Upload-Offset is how much the server holds'),
        204: NoBody('PATCH: stored, up to the new Upload-Offset; DELETE: ended; OPTIONS: Tus-* headers'),
      },
    },
    handler: (request, reply) =>
      toFilesService(request, reply, `${UPLOADS}/${encodeURIComponent(request.params.id)}`),
  });
};
