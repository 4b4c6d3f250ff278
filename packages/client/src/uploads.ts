import { createReadStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { DetailedError, FileUrlStorage, type HttpResponse, Upload } from 'tus-js-client';
import { type Mediakit, type MediakitFile, unwrap } from './client.ts';
import { errorFromAnswer, MediakitError, unreachable } from './errors.ts';

// tus-js-client's Node build exports FileUrlStorage, but its type definitions leave it out.
declare module 'tus-js-client' {
  export class FileUrlStorage implements UrlStorage {
    constructor(path: string);
    findAllUploads(): Promise<PreviousUpload[]>;
    findUploadsByFingerprint(fingerprint: string): Promise<PreviousUpload[]>;
    removeUpload(urlStorageKey: string): Promise<void>;
    addUpload(fingerprint: string, upload: PreviousUpload): Promise<string>;
  }
}

/** The size of each PATCH, as the web app sends them: what is acknowledged survives an interruption. */
export const CHUNK_BYTES = 5 * 1024 * 1024;

export interface UploadOptions {
  /** Bytes the server holds so far, and the file's size. */
  onProgress?: (sent: number, total: number) => void;
  /** Called when an earlier, interrupted upload of the same file goes on from `offset` bytes. */
  onResume?: (offset: number, total: number) => void;
  /** Name the file has in Mediakit (default: the file's own name). */
  name?: string;
}

/**
 * Uploads a file through the tus endpoint, in CHUNK_BYTES PATCHes. With the client's `uploadStore`
 * the upload's URL is kept on disk (tus-js-client's FileUrlStorage, keyed by the file's path, size
 * and modification time), so a run that was killed is resumed by the next one at the offset the
 * server holds. The last PATCH answers `Mk-File-Id`, the new file's id.
 */
export async function uploadFile(
  client: Mediakit,
  path: string,
  options: UploadOptions = {},
): Promise<MediakitFile> {
  await client.ensureOwner();
  const { size } = await stat(path);
  // FileUrlStorage locks its file beside it, and fails when the folder is missing.
  if (client.uploadStore) await mkdir(dirname(client.uploadStore), { recursive: true });
  const id = await new Promise<string>((resolve, reject) => {
    let resumed = false;
    const upload = new Upload(createReadStream(path), {
      endpoint: `${client.url}/api/v1/uploads`,
      chunkSize: CHUNK_BYTES,
      uploadSize: size,
      metadata: { filename: options.name ?? basename(path) },
      headers: client.session.headers(),
      retryDelays: [0, 1000, 3000, 5000],
      ...(client.uploadStore
        ? { urlStorage: new FileUrlStorage(client.uploadStore), removeFingerprintOnSuccess: true }
        : { storeFingerprintForResuming: false }),
      onAfterResponse: (request, response) => {
        // The HEAD that resumes an upload says how much the server already holds.
        if (request.getMethod() === 'HEAD' && response.getStatus() === 200 && !resumed) {
          resumed = true;
          options.onResume?.(Number(response.getHeader('Upload-Offset') ?? 0), size);
        }
      },
      onProgress: (sent, total) => options.onProgress?.(sent, total),
      onSuccess: ({ lastResponse }) => {
        const fileId = lastResponse?.getHeader('Mk-File-Id');
        if (fileId) resolve(fileId);
        // Resumed after its last PATCH had been answered: the server holds it all, the id is lost.
        else
          reject(
            new MediakitError(
              `The upload of ${basename(path)} did not name its file: please upload it again.`,
              { code: 'upload_incomplete', status: 0 },
            ),
          );
      },
      onError: (error) => reject(uploadError(client, error)),
    });
    if (!client.uploadStore) return upload.start();
    upload
      .findPreviousUploads()
      .then((previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      })
      .catch(reject);
  });
  return unwrap(client.api.GET('/api/v1/files/{id}', { params: { path: { id } } }));
}

/** The API's own error when it answered, else "unreachable". */
function uploadError(client: Mediakit, error: Error): MediakitError {
  const response: HttpResponse | null = error instanceof DetailedError ? error.originalResponse : null;
  if (response) return errorFromAnswer(response.getStatus(), response.getBody());
  return unreachable(client.url, error);
}
