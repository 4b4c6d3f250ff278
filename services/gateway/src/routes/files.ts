import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound, unsupportedMedia } from '@mediakit/kit';
import { Type } from 'typebox';
import type { Dispatcher } from 'undici';
import type { FilesClient } from '../deps.ts';
import type { DownloadLinks } from '../download-links.ts';
import { toFile } from '../mappers.ts';
import type { Plans } from '../plans.ts';
import { passBodiesThrough } from '../plugins/body-passthrough.ts';
import type { Owner } from '../plugins/identity.ts';
import { Bytes, DEFAULT_LIMIT, File, IdParams, MediaKind, NotJson, Page, PageQuery } from '../schemas.ts';
import { errorFromUpstream, filesUnavailable, forward, trustedHeaders } from '../upstream.ts';

export interface FilesRoutesOptions {
  files: FilesClient;
  plans: Plans;
  /** Connection pool to the files service's internal HTTP API. */
  filesHttp: Dispatcher;
  writesPerMinute: number;
  links: DownloadLinks;
}

const isMultipart = (contentType: string | undefined) => /^multipart\/form-data\s*;/i.test(contentType ?? '');
const tags = ['files'];

/** `POST /files`: the form the files service reads, streamed through untouched. */
const UploadForm = Type.Object({
  file: Type.Array(Bytes("A file; its part's filename becomes the file's name."), { minItems: 1 }),
});

/** The bytes of a file, whole or the range asked for (the files service answers both). */
const ContentResponses = {
  200: NotJson('application/octet-stream', Bytes('The file'), 'The file, with its own Content-Type'),
  206: NotJson('application/octet-stream', Bytes('The range'), 'The byte range asked for with Range'),
};

/** Files (docs/api.md "Files"): metadata over gRPC, bytes streamed through the files service's HTTP API. */
export const filesRoutes: FastifyPluginAsyncTypebox<FilesRoutesOptions> = async (app, options) => {
  const { files, plans, filesHttp, links } = options;
  passBodiesThrough(app);

  app.post(
    '/files',
    {
      schema: {
        tags,
        summary: 'Upload files in one request (resumable uploads: /uploads)',
        streamedBody: { contentType: 'multipart/form-data', schema: UploadForm },
        response: { 201: Type.Object({ files: Type.Array(File) }) },
      },
      config: { scope: 'files:write', rateLimit: { max: options.writesPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const contentType = request.headers['content-type'];
      if (!isMultipart(contentType)) {
        throw unsupportedMedia(
          'Send files as multipart/form-data, one or more parts named "file" (or resumably through /api/v1/uploads).',
        );
      }
      // Writes always have an owner: the identity plugin creates a guest on the first one.
      const owner = request.owner as Owner;
      const { limits } = await plans.forOwner(owner);
      const contentLength = request.headers['content-length'];
      let response: Dispatcher.ResponseData;
      try {
        response = await filesHttp.request({
          path: '/internal/files',
          method: 'POST',
          headers: {
            'content-type': contentType as string,
            ...(contentLength ? { 'content-length': contentLength } : {}),
            ...trustedHeaders(owner, limits),
          },
          body: request.body as Readable,
        });
      } catch (error) {
        request.log.warn({ err: error }, 'upload to the files service failed');
        throw filesUnavailable();
      }
      const payload = (await response.body.json().catch(() => undefined)) as { files?: unknown } | undefined;
      if (response.statusCode !== 201 || !Array.isArray(payload?.files))
        throw errorFromUpstream(response.statusCode, payload);
      return reply.code(201).send({ files: payload.files.map(toFile) });
    },
  );

  app.get(
    '/files',
    {
      config: { scope: 'files:read' },
      schema: {
        tags,
        summary: "List the caller's files, newest first",
        querystring: Type.Object({ media: Type.Optional(MediaKind), ...PageQuery }),
        response: { 200: Page(File) },
      },
    },
    async (request) => {
      if (!request.owner) return { items: [], nextCursor: null };
      const { media, cursor, limit } = request.query;
      const page = await files.listFiles({
        ownerId: request.owner.id,
        media: media ?? '',
        cursor: cursor ?? '',
        limit: limit ?? DEFAULT_LIMIT,
        uploadsOnly: false,
      });
      return { items: page.items.map(toFile), nextCursor: page.nextCursor || null };
    },
  );

  const getFile = { tags, summary: 'Get a file', params: IdParams, response: { 200: File } };
  app.get('/files/:id', { schema: getFile, config: { scope: 'files:read' } }, async (request) => {
    if (!request.owner) throw notFound(`File ${request.params.id}`);
    return toFile(await files.getFile({ ownerId: request.owner.id, id: request.params.id }));
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/files/:id/content',
    config: { scope: 'files:read' },
    schema: {
      tags,
      summary: "Download a file's bytes (Range requests allowed)",
      params: IdParams,
      querystring: Type.Object({
        inline: Type.Optional(
          Type.String({ maxLength: 5, description: '`1` or `true`: shown in the browser, not saved' }),
        ),
        link: Type.Optional(
          Type.String({ maxLength: 1024, description: 'The token of a link from POST /files/{id}/link' }),
        ),
      }),
      response: ContentResponses,
    },
    handler: async (request, reply) => {
      // A download link (POST /files/{id}/link) speaks for its owner; otherwise the caller does.
      const ownerId = request.query.link
        ? links.verify(request.params.id, request.query.link)
        : request.owner?.id;
      if (!ownerId) throw notFound(`File ${request.params.id}`);
      const inline = request.query.inline === '1' || request.query.inline === 'true';
      // Content-Type, Range/206/416, Content-Disposition and nosniff all come from the files service.
      return forward(reply, {
        path: `/internal/files/${encodeURIComponent(request.params.id)}/content`,
        query: inline ? 'inline=1' : '',
        trusted: { 'x-mk-owner': ownerId },
      });
    },
  });

  // A short-lived URL of the file's content for the browser's own loaders (download-links.ts).
  app.post(
    '/files/:id/link',
    {
      config: { scope: 'files:read' },
      schema: {
        tags,
        summary: "A short-lived URL of the file's bytes, for the browser's own loaders",
        params: IdParams,
        response: { 200: Type.Object({ url: Type.String(), expiresAt: Type.String() }) },
      },
    },
    async (request) => {
      const id = request.params.id;
      if (!request.owner) throw notFound(`File ${id}`);
      // Only the owner gets a link: getFile answers 404 for anyone else.
      await files.getFile({ ownerId: request.owner.id, id });
      const { token, expiresAt } = links.sign(id, request.owner.id);
      return {
        url: `/api/v1/files/${encodeURIComponent(id)}/content?link=${encodeURIComponent(token)}`,
        expiresAt: expiresAt.toISOString(),
      };
    },
  );

  app.delete(
    '/files/:id',
    {
      schema: { tags, summary: 'Delete a file', params: IdParams, response: { 204: Type.Null() } },
      config: { scope: 'files:write' },
    },
    async (request, reply) => {
      await files.deleteFile({ ownerId: (request.owner as Owner).id, id: request.params.id });
      return reply.code(204).send(null);
    },
  );
};
