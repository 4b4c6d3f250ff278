import { type AsyncClient, newId, notFound, type ObjectStore, unsupportedMedia } from '@mediakit/kit';
import type { filesV1 } from '@mediakit/proto';

/** The owner of every article's cover copy in the files service: no user or guest id looks like it. */
export const COVERS_OWNER = 'content:covers';
/** Covers live as long as their article; the files service's retention sweep must never take them. */
const NEVER = '9999-12-31T23:59:59.999Z';
/** Formats every browser shows in an <img>. Not SVG: it can carry scripts. */
const COVER_TYPES = new Map([
  ['image/jpeg', 'JPEG'],
  ['image/png', 'PNG'],
  ['image/webp', 'WebP'],
  ['image/avif', 'AVIF'],
  ['image/gif', 'GIF'],
]);

export type CoverFilesClient = Pick<
  AsyncClient<filesV1.FilesServiceClient>,
  'getFile' | 'registerOutput' | 'deleteJobOutputs'
>;

export interface Cover {
  /** The article's own copy, served publicly by the gateway while the article is published. */
  fileId: string;
  /** The editor's upload it was copied from. */
  sourceFileId: string;
}

/**
 * Cover images. An editor uploads the picture through the normal upload API and names its file id;
 * that upload is theirs and expires with their plan's retention, so the article takes its own copy:
 * the bytes are copied in the object store and registered with the files service as a file of
 * COVERS_OWNER that never expires. The gateway serves that copy to anyone, only while the article
 * is published. Replacing or removing the cover, or deleting the article, deletes the copy.
 */
export class CoverStore {
  readonly #files: CoverFilesClient;
  readonly #objects: ObjectStore;

  constructor(deps: { files: CoverFilesClient; objects: ObjectStore }) {
    this.#files = deps.files;
    this.#objects = deps.objects;
  }

  /** Copies the caller's upload `fileId` into a new cover; 404 when it is not theirs, 415 when not a picture. */
  async adopt(ownerId: string, fileId: string): Promise<Cover> {
    let file: filesV1.File;
    try {
      file = await this.#files.getFile({ ownerId, id: fileId });
    } catch (error) {
      if ((error as { status?: number }).status === 404)
        throw notFound(`Cover file ${fileId} (upload the image first, then pass the id it got)`);
      throw error;
    }
    const kind = COVER_TYPES.get(file.mime);
    if (!kind)
      throw unsupportedMedia(
        `The cover must be a ${[...COVER_TYPES.values()].join(', ')} image; ${file.name} is ${file.mime}.`,
      );
    const id = newId();
    const objectKey = `covers/${id}`;
    await this.#objects.put(objectKey, await this.#objects.get(file.objectKey), { contentType: file.mime });
    await this.#files.registerOutput({
      id,
      ownerId: COVERS_OWNER,
      // Each cover is its own "job", so deleting one never touches another.
      jobId: coverJobId(id),
      name: file.name,
      objectKey,
      size: file.size,
      mime: file.mime,
      media: 'image',
      format: file.format,
      width: file.width,
      height: file.height,
      expiresAt: NEVER,
    });
    return { fileId: id, sourceFileId: fileId };
  }

  /** Deletes a cover copy (record and bytes). Deleting one that is already gone is fine. */
  async release(cover: Cover | undefined): Promise<void> {
    if (!cover) return;
    await this.#files.deleteJobOutputs({ ownerId: COVERS_OWNER, jobId: coverJobId(cover.fileId) });
  }
}

const coverJobId = (coverId: string) => `cover:${coverId}`;
