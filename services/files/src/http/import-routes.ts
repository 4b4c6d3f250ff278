import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiError } from '@mediakit/kit';
import type { OutboundClient } from '@mediakit/outbound';
import type { FastifyInstance } from 'fastify';
import { type Static, Type } from 'typebox';
import { toProto } from '../file-record.ts';
import type { FilesService } from '../files-service.ts';
import { fetchToFile, ImportTimeoutError, importFailure } from '../url-import.ts';
import { UploadHeaders, type UploadLimits, uploaderFrom } from './trusted-headers.ts';

export interface ImportRoutesOptions {
  service: FilesService;
  limits: UploadLimits;
  /** The SSRF-safe client (@mediakit/outbound) every import goes through. */
  outbound: OutboundClient;
  /** Where the bytes are spooled while they arrive. */
  spoolDir: string;
  /** The whole import must end within this (IMPORT_TIMEOUT_SECONDS). */
  timeoutSeconds: number;
}

/**
 * Imports one owner may have running on this replica at once: each holds a socket, a spool file
 * and up to IMPORT_TIMEOUT_SECONDS, and costs the caller one small request.
 */
export const MAX_IMPORTS_PER_OWNER = 5;

const ImportBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 4096 }),
    name: Type.Optional(Type.String({ maxLength: 255 })),
  },
  { additionalProperties: false },
);

/**
 * `POST /internal/files/import { url, name? }`: fetches a link the user gave and stores it as an
 * upload (the same limits, sniffing and record), answering `{ file }` with 201. Any failure, the
 * time limit or the gateway going away leaves nothing behind.
 */
export async function importRoutes(app: FastifyInstance, options: ImportRoutesOptions): Promise<void> {
  const { service, limits, outbound, spoolDir, timeoutSeconds } = options;
  // Imports running per owner (an entry exists only while one runs, so the map stays small).
  const inFlight = new Map<string, number>();

  app.post<{ Headers: Static<typeof UploadHeaders>; Body: Static<typeof ImportBody> }>(
    '/internal/files/import',
    { schema: { headers: UploadHeaders, body: ImportBody } },
    async (request, reply) => {
      const { ownerId, maxBytes, retentionHours } = uploaderFrom(request.headers, limits);

      const running = inFlight.get(ownerId) ?? 0;
      if (running >= MAX_IMPORTS_PER_OWNER) {
        throw new ApiError(
          429,
          'rate_limited',
          `You are already importing ${MAX_IMPORTS_PER_OWNER} links. Wait for one to finish, then try again.`,
        );
      }
      inFlight.set(ownerId, running + 1);

      const deadline = new AbortController();
      const timer = setTimeout(
        () => deadline.abort(new ImportTimeoutError(timeoutSeconds)),
        timeoutSeconds * 1000,
      );
      // The gateway hung up (its caller left): stop fetching what nobody will receive.
      const gone = () => !reply.raw.writableFinished && deadline.abort(new Error('the caller went away'));
      reply.raw.once('close', gone);
      const path = join(spoolDir, `mk-import-${randomUUID()}`);
      try {
        const name = await fetchToFile({
          client: outbound,
          url: request.body.url,
          name: request.body.name,
          maxBytes,
          path,
          signal: deadline.signal,
        });
        const file = await service.createUpload({
          ownerId,
          name,
          path,
          retentionHours,
          extensionFromContent: true,
        });
        if (deadline.signal.aborted) {
          // Stored just as time ran out or the caller left: keep nothing it was not told about.
          await service.discard([file]);
          throw importFailure(deadline.signal.reason, deadline.signal);
        }
        return reply.code(201).send({ file: toProto(file) });
      } catch (error) {
        throw importFailure(error, deadline.signal);
      } finally {
        const left = (inFlight.get(ownerId) ?? 1) - 1;
        if (left > 0) inFlight.set(ownerId, left);
        else inFlight.delete(ownerId);
        clearTimeout(timer);
        reply.raw.off('close', gone);
        await rm(path, { force: true });
      }
    },
  );
}
