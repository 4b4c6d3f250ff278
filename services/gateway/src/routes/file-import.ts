import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { filesV1 } from '@mediakit/proto';
import { Type } from 'typebox';
import type { Dispatcher } from 'undici';
import { toFile } from '../mappers.ts';
import type { Plans } from '../plans.ts';
import type { Owner } from '../plugins/identity.ts';
import { File } from '../schemas.ts';
import { suspendIdleTimeout } from '../socket-idle.ts';
import { errorFromUpstream, filesUnavailable, trustedHeaders } from '../upstream.ts';

export interface FileImportRoutesOptions {
  plans: Plans;
  /** Connection pool to the files service's internal HTTP API. */
  filesHttp: Dispatcher;
  writesPerMinute: number;
}

const ImportBody = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: 4096,
      description: 'An http(s) link to the file, on a public address',
      examples: ['https://example.com/holiday.mov'],
    }),
    name: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 255,
        description:
          "The file's name (else the server's Content-Disposition, else the link's last segment); its extension follows the content",
      }),
    ),
  },
  { additionalProperties: false },
);

/**
 * `POST /files/import`: the files service fetches the link through its SSRF-safe client and stores
 * it like an upload. Its internal HTTP API, not gRPC, carries it: an import may take minutes, and
 * gRPC calls have deadlines of seconds (GRPC_DEADLINE_MS).
 */
export const fileImportRoutes: FastifyPluginAsyncTypebox<FileImportRoutesOptions> = async (app, options) => {
  const { plans, filesHttp, writesPerMinute } = options;

  app.post(
    '/files/import',
    {
      schema: {
        tags: ['files'],
        summary: 'Import a file from a public http(s) link',
        description:
          'Answers when the file is stored, like an upload: within IMPORT_TIMEOUT_SECONDS (600). Private and local addresses are refused (422 import_refused).',
        body: ImportBody,
        response: { 201: File },
      },
      config: { rateLimit: { max: writesPerMinute, timeWindow: 60_000 }, scope: 'files:write' },
    },
    async (request, reply) => {
      // Writes always have an owner: the identity plugin creates a guest on the first one.
      const owner = request.owner as Owner;
      const { limits } = await plans.forOwner(owner);
      // The answer may be minutes away and nothing flows meanwhile: the server's idle timeout
      // (HTTP_IDLE_TIMEOUT_SECONDS) must not close this connection; the files service bounds the wait.
      const restoreIdleTimeout = suspendIdleTimeout(request.raw.socket);
      // A caller who leaves stops the import: the files service deletes what it fetched.
      const left = new AbortController();
      const onClose = () => !reply.raw.writableFinished && left.abort();
      reply.raw.once('close', onClose);
      let response: Dispatcher.ResponseData;
      try {
        response = await filesHttp.request({
          path: '/internal/files/import',
          method: 'POST',
          headers: { 'content-type': 'application/json', ...trustedHeaders(owner, limits) },
          body: JSON.stringify(request.body),
          signal: left.signal,
          headersTimeout: 0,
        });
      } catch (error) {
        // A caller who left hears nothing either way; only a real failure is worth a warning.
        if (!left.signal.aborted) request.log.warn({ err: error }, 'import through the files service failed');
        throw filesUnavailable();
      } finally {
        reply.raw.off('close', onClose);
        restoreIdleTimeout();
      }
      const payload = (await response.body.json().catch(() => undefined)) as
        | { file?: filesV1.File }
        | undefined;
      if (response.statusCode !== 201 || !payload?.file)
        throw errorFromUpstream(response.statusCode, payload);
      return reply.code(201).send(toFile(payload.file));
    },
  );
};
