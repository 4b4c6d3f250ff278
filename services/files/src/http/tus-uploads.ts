import { createHash } from 'node:crypto';
import {
  ApiError,
  codeForStatus,
  derivedId,
  internalError,
  type Logger,
  newId,
  notFound,
} from '@mediakit/kit';
import { type DataStore, ERRORS, EVENTS, Server as TusServer, type Upload } from '@tus/server';
import type { FilesService } from '../files-service.ts';
import { sanitizeFileName } from '../names.ts';
import {
  fileTooLarge,
  MAX_BYTES_HEADER,
  maxBytesFrom,
  OWNER_HEADER,
  ownerFrom,
  RETENTION_HEADER,
  retentionHoursFrom,
  type UploadLimits,
} from './trusted-headers.ts';

/** Public path of resumable uploads; the gateway forwards requests here unchanged. */
export const TUS_PATH = '/api/v1/uploads';

/**
 * The creator, kept in the upload's metadata. Stored as a hash: HEAD answers echo the metadata
 * to the browser, and a guest's owner id must stay inside its httpOnly cookie.
 */
const OWNER_KEY = 'mk_owner';
const ownerHash = (ownerId: string) => createHash('sha256').update(ownerId).digest('base64url');

export interface TusUploadsOptions {
  service: FilesService;
  /** Where unfinished uploads are staged (a @tus/file-store FileStore in production). */
  staging: DataStore;
  limits: UploadLimits;
  log: Logger;
}

/**
 * The tus 1.0 server (creation, creation-with-upload, termination, expiration of abandoned
 * uploads). An upload belongs to whoever created it: anyone else is told it does not exist.
 * When the last byte arrives it becomes a file like a multipart upload, and the answer to that
 * PATCH carries `Mk-File-Id`. Locks are in memory: one replica owns its staging directory.
 */
export function createTusServer(options: TusUploadsOptions): TusServer {
  const { service, staging, limits, log } = options;

  const tus = new TusServer({
    path: TUS_PATH,
    datastore: staging,
    // `/api/v1/uploads/<id>`: right behind any proxy, whatever host and scheme it was reached by.
    relativeLocation: true,
    namingFunction: () => newId(),
    exposedHeaders: ['Mk-File-Id'],
    maxSize: (req) => maxBytesFrom(req.headers.get(MAX_BYTES_HEADER), limits),

    async onIncomingRequest(req, uploadId) {
      const owner = ownerHash(ownerFrom(req.headers.get(OWNER_HEADER)));
      if (req.method === 'POST') return; // a new upload: nobody else's yet
      const upload = await staging.getUpload(uploadId).catch(() => null);
      // A missing upload is left to tus (404, or 410 once expired); someone else's looks the same as missing.
      if (upload && upload.metadata?.[OWNER_KEY] !== owner) throw notFound('Upload');
    },

    async onUploadCreate(req, upload) {
      const owner = ownerHash(ownerFrom(req.headers.get(OWNER_HEADER)));
      return { metadata: { ...upload.metadata, [OWNER_KEY]: owner } };
    },

    async onUploadFinish(req, upload) {
      const name = sanitizeFileName(upload.metadata?.filename ?? upload.metadata?.name);
      try {
        const file = await service.createUpload({
          // The request passed onIncomingRequest, so its owner is the upload's creator.
          ownerId: ownerFrom(req.headers.get(OWNER_HEADER)),
          name,
          path: stagedPath(upload),
          retentionHours: retentionHoursFrom(req.headers.get(RETENTION_HEADER), limits),
          // Derived from the upload, so a retried last PATCH finds the file the first one made.
          id: derivedId(upload.id, 'file'),
        });
        return { headers: { 'Mk-File-Id': file._id } };
      } catch (error) {
        // Unreadable content will not become readable on a retry: drop the staged bytes now.
        if (error instanceof ApiError && error.status === 415) await removeStaged(upload.id);
        throw error;
      }
    },

    onResponseError(req, error) {
      const apiError = toApiError(error, req.headers, limits, log);
      return { status_code: apiError.status, body: JSON.stringify(apiError.toBody()) };
    },
  });

  // The finished upload is a file now; its staged copy goes once the answer is on its way.
  tus.on(EVENTS.POST_FINISH, (_req, _res, upload) => void removeStaged(upload.id));

  async function removeStaged(id: string) {
    await staging
      .remove(id)
      .catch((err: unknown) => log.warn({ err, uploadId: id }, 'could not remove a staged upload'));
  }

  return tus;
}

function stagedPath(upload: Upload): string {
  const path = upload.storage?.path;
  if (!path) throw new Error(`tus upload ${upload.id} has no staged file path`);
  return path;
}

type TusError = { status_code: number; body: string };

/** tus's own errors (status and a terse text) as API errors with sentences a person can act on. */
function toApiError(error: Error | TusError, headers: Headers, limits: UploadLimits, log: Logger): ApiError {
  if (error instanceof ApiError) return error;
  if (error === ERRORS.ERR_MAX_SIZE_EXCEEDED) return fileTooLarge('This upload', safeLimit(headers, limits));
  if (error === ERRORS.ERR_SIZE_EXCEEDED)
    return new ApiError(
      413,
      'too_large',
      'The request carries more bytes than the upload declared in Upload-Length.',
    );
  if (error === ERRORS.FILE_NOT_FOUND) return notFound('Upload');
  if (error === ERRORS.FILE_NO_LONGER_EXISTS)
    return new ApiError(
      410,
      'gone',
      'This upload has expired or was already finished. Please upload the file again.',
    );
  if (error === ERRORS.INVALID_OFFSET) {
    return new ApiError(
      409,
      'conflict',
      'Upload-Offset does not match what the server has: ask with HEAD and resume from its Upload-Offset.',
    );
  }
  const status = 'status_code' in error ? error.status_code : 500;
  if (status >= 500) {
    log.error({ err: error }, 'tus upload failed');
    return internalError();
  }
  const text = 'body' in error ? error.body.trim() : '';
  return new ApiError(status, codeForStatus(status), text ? `${text}.` : 'The upload request is not valid.');
}

function safeLimit(headers: Headers, limits: UploadLimits): number {
  try {
    return maxBytesFrom(headers.get(MAX_BYTES_HEADER), limits);
  } catch {
    return limits.maxUploadBytes;
  }
}
