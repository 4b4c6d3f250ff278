import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { ApiError, badRequest } from '@mediakit/kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { type FileDoc, toProto } from '../file-record.ts';
import type { FilesService } from '../files-service.ts';
import { sanitizeFileName } from '../names.ts';
import { SpoolLimitError, spoolToFile } from './spool.ts';
import { untilAborted, uploadStalled, watchForStall } from './stall-watch.ts';
import { fileTooLarge, UploadHeaders, type UploadLimits, uploaderFrom } from './trusted-headers.ts';

export interface MultipartUploadOptions {
  service: FilesService;
  limits: UploadLimits;
  /** Where parts are spooled before they are inspected (UPLOAD_TMP_DIR or the OS temp dir). */
  spoolDir: string;
  /** A body that stops arriving for this long ends the request with 408 (UPLOAD_IDLE_TIMEOUT_SECONDS). */
  idleTimeoutMs: number;
}

/** The most files one request may carry (the largest batch a tool takes). */
const MAX_FILES = 50;

/**
 * `POST /internal/files`: multipart/form-data with one or more parts named `file`. Each part is
 * spooled to disk with a byte count, read for what it is, put into the object store and
 * recorded. A request succeeds or fails whole: on any error, what it already stored is removed.
 */
export async function multipartUploadRoutes(
  app: FastifyInstance,
  options: MultipartUploadOptions,
): Promise<void> {
  const { service, limits, spoolDir, idleTimeoutMs } = options;

  await app.register(multipart, {
    // Size overruns are detected while spooling (spool.ts), where the file's name is known.
    throwFileSizeLimit: false,
    limits: { files: MAX_FILES, fields: 10, fieldSize: 1024, parts: MAX_FILES + 10, headerPairs: 100 },
  });

  app.post<{ Headers: Static<typeof UploadHeaders> }>(
    '/internal/files',
    { schema: { headers: UploadHeaders } },
    async (request, reply) => {
      const { ownerId, maxBytes, retentionHours } = uploaderFrom(request.headers, limits);
      if (!request.isMultipart())
        throw badRequest('Send files as multipart/form-data, each in a part named "file".');

      const stored: FileDoc[] = [];
      const workDir = await mkdtemp(join(spoolDir, 'mk-upload-'));
      const stall = watchForStall(request.raw, idleTimeoutMs);
      let name: string | undefined;
      try {
        for await (const part of multipartParts(request, maxBytes, stall.signal)) {
          if (part.type !== 'file' || part.fieldname !== 'file') {
            if (part.type === 'file') part.file.destroy();
            throw badRequest(`Unexpected form field "${part.fieldname}": send files in parts named "file".`, [
              { field: part.fieldname, message: 'only "file" parts are accepted' },
            ]);
          }
          name = sanitizeFileName(part.filename);
          const path = join(workDir, String(stored.length));
          try {
            await spoolPart(part.file, path, maxBytes, name, stall.signal);
            stall.pause();
            stored.push(await service.createUpload({ ownerId, name, path, retentionHours }));
            stall.resume();
            name = undefined;
          } finally {
            await rm(path, { force: true });
          }
        }
        if (stored.length === 0) throw badRequest('Attach at least one file, in a part named "file".');
      } catch (error) {
        await service.discard(stored);
        // The client may still be sending: tell it to stop rather than read the rest for nothing.
        if (!request.raw.readableEnded) void reply.header('connection', 'close');
        throw stall.signal.aborted ? uploadStalled(idleTimeoutMs, name) : error;
      } finally {
        stall.stop();
        await rm(workDir, { recursive: true, force: true });
      }
      return reply.code(201).send({ files: stored.map(toProto) });
    },
  );
}

/** Spools one part; a part over the limit is a 413 naming it, one cut off mid-way a 400. */
async function spoolPart(
  file: Readable,
  path: string,
  maxBytes: number,
  name: string,
  signal: AbortSignal,
): Promise<void> {
  try {
    await spoolToFile(file, path, maxBytes, signal);
  } catch (error) {
    if (error instanceof SpoolLimitError) throw fileTooLarge(name, maxBytes);
    // Our own disk failing (ENOSPC, EACCES...) is a 500; anything else is the body ending early.
    if ((error as NodeJS.ErrnoException).syscall) throw error;
    throw badRequest(`${name} was cut off before it ended. Please upload it again.`);
  }
}

/**
 * The request's parts, with the parser's errors turned into API errors: a cut-off or malformed
 * body is the client's problem (400), as are too many parts.
 */
async function* multipartParts(request: FastifyRequest, maxBytes: number, signal: AbortSignal) {
  // One byte over the limit, so a file of exactly the limit passes and the next byte is seen.
  const parts = request.parts({ limits: { fileSize: maxBytes + 1 } });
  for (;;) {
    let next: Awaited<ReturnType<typeof parts.next>>;
    try {
      next = await untilAborted(parts.next(), signal);
    } catch (error) {
      if (signal.aborted) throw error;
      throw multipartError(error);
    }
    if (next.done) return;
    yield next.value;
  }
}

function multipartError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return badRequest(`Send at most ${MAX_FILES} files at once.`);
  }
  if ((error as { statusCode?: number }).statusCode) return error;
  return badRequest('The upload was cut off or is not valid multipart/form-data. Please try again.');
}
