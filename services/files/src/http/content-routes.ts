import { codeForStatus, filesDownloadedBytes } from '@mediakit/kit';
import type { FastifyInstance } from 'fastify';
import { type Static, Type } from 'typebox';
import { parseRange } from '../byte-range.ts';
import type { FilesService } from '../files-service.ts';
import { contentDisposition } from '../names.ts';
import { OWNER_HEADER, ownerFrom } from './trusted-headers.ts';

const Params = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });
const Query = Type.Object({ inline: Type.Optional(Type.String()) });

/**
 * `GET|HEAD /internal/files/:id/content[?inline=1]`: the bytes of one of the caller's files,
 * whole or one range, streamed from the object store.
 */
export async function contentRoutes(app: FastifyInstance, options: { service: FilesService }): Promise<void> {
  const { service } = options;

  app.route<{ Params: Static<typeof Params>; Querystring: Static<typeof Query> }>({
    method: ['GET', 'HEAD'],
    url: '/internal/files/:id/content',
    exposeHeadRoute: false,
    schema: { params: Params, querystring: Query },
    handler: async (request, reply) => {
      const file = await service.getFile(ownerFrom(request.headers[OWNER_HEADER]), request.params.id);
      void reply.headers({
        'accept-ranges': 'bytes',
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      });

      const range = parseRange(request.headers.range, file.size);
      if (range.kind === 'unsatisfiable') {
        return reply
          .code(416)
          .header('content-range', `bytes */${file.size}`)
          .type('application/json; charset=utf-8')
          .send({
            code: codeForStatus(416),
            message: `The requested range is outside the file, which is ${file.size} bytes long.`,
          });
      }

      const inline = request.query.inline === '1' && mayShowInline(file.mime);
      const partial = range.kind === 'partial' ? { start: range.start, end: range.end } : undefined;
      // Opened before any content header is set, so a missing object can still answer a clean 404.
      const body = request.method === 'HEAD' ? undefined : await service.openContent(file, partial);
      const length = partial ? partial.end - partial.start + 1 : file.size;
      void reply.headers({
        // The type read from the content; nosniff (above) stops a browser from guessing another.
        'content-type': file.mime,
        'content-disposition': contentDisposition(file.name, inline ? 'inline' : 'attachment'),
        'content-length': length,
      });
      // Counted once the last byte is handed to the socket; an aborted download counts nothing.
      if (body) reply.raw.once('finish', () => filesDownloadedBytes.inc(length));
      if (partial)
        void reply.code(206).header('content-range', `bytes ${partial.start}-${partial.end}/${file.size}`);

      return reply.send(body);
    },
  });
}

/**
 * Only formats a browser shows or plays as media are served inline. SVG can carry scripts, and
 * anything else (HTML above all) would run as a page of this origin.
 */
function mayShowInline(mime: string): boolean {
  if (mime === 'image/svg+xml') return false;
  return mime.startsWith('image/') || mime.startsWith('video/') || mime.startsWith('audio/');
}
