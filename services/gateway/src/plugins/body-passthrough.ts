import { finished, PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/**
 * For routes whose bodies go on to the files service: every body reaches the route as an unread
 * stream, so uploads of any size stream through without being buffered (and the 1 MiB JSON body
 * limit does not apply to them). Registered inside those routes' own context.
 */
export function passBodiesThrough(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => {
    // A pipe, not the request itself: a failed upstream call destroys the stream it was given, and
    // destroying the request would reset the client's connection instead of letting us answer 503.
    const body = payload.pipe(new PassThrough());
    // The other way round, a client that goes away mid-upload must end the upstream request too.
    finished(payload, (error) => error && body.destroy(error));
    done(null, body);
  });
  // Answered before the whole body was read (an error, or the files service refused early, e.g.
  // 413): browsers report a connection closed mid-upload as a network error and never show the
  // answer, so the rest of the body is read and dropped (and the connection stays usable), up to a
  // bound; past it, the connection is cut.
  app.addHook('onSend', async (request, reply) => {
    const raw = request.raw;
    // `complete` is undefined under app.inject(), which has no connection to keep.
    if (raw.complete !== false) return;
    raw.unpipe();
    let dropped = 0;
    raw.on('data', (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > DRAIN_LIMIT) raw.destroy();
    });
    raw.resume();
    // reply-from marks such a response `Connection: close`, which would cut the upload short.
    reply.removeHeader('connection');
  });
}

const DRAIN_LIMIT = 64 * 1024 * 1024;
