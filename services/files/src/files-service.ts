import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  ApiError,
  type ByteRange,
  badRequest,
  conflict,
  filesUploadedBytes,
  InvalidObjectKeyError,
  type Logger,
  NotFoundError,
  newId,
  notFound,
  type ObjectStore,
  unprocessable,
  unsupportedMedia,
} from '@mediakit/kit';
import type { MediaInfo, MediaKind } from '@mediakit/media';
import { type FileDoc, MEDIA_KINDS, uploadObjectKey } from './file-record.ts';
import type { FileRepository } from './file-repository.ts';
import { sanitizeFileName, withFormatExtension } from './names.ts';

/** A video whose headers ffprobe read but whose codec nothing here decodes (ProRes RAW, a made-up tag). */
const undecodable = (info: MediaInfo) =>
  info.media === 'video' && (!info.videoCodec || info.videoCodec === 'unknown' || info.videoCodec === 'none');

export type Inspect = (path: string) => Promise<MediaInfo | null>;

export interface FilesServiceDeps {
  files: FileRepository;
  objects: ObjectStore;
  /** Reads what a file is from its bytes (`inspectFile` of @mediakit/media). */
  inspect: Inspect;
  /** Why a file inspect refused cannot be taken, in a sentence (`explainUnreadableAv` of @mediakit/media). */
  explainUnreadable?: (path: string, name: string) => Promise<string | undefined>;
  log: Logger;
  /** The clock; tests pass their own. */
  now?: () => Date;
  /** Whether the owner's account was deleted (account-deletion.ts): nothing new may be stored for them. */
  isDeletedOwner?: (ownerId: string) => Promise<boolean>;
}

export interface NewUpload {
  ownerId: string;
  /** Already sanitised. */
  name: string;
  /** A local file with the bytes; the caller owns it and deletes it afterwards. */
  path: string;
  retentionHours: number;
  /** A fixed id makes a retried finish (tus) return the file it created the first time. */
  id?: string;
  /** Give the name the extension the bytes call for (imports: a URL's name often has none). */
  extensionFromContent?: boolean;
}

/** A worker's output as it registers it: what it read of the file, where it stored it. */
export interface NewOutput extends Omit<MediaInfo, 'media'> {
  id: string;
  ownerId: string;
  jobId: string;
  name: string;
  objectKey: string;
  /** As the worker said it; checked against the known kinds before it is stored. */
  media: string;
  expiresAt: string;
}

/** What users may upload: anything the platform reads. Archives are outputs only. */
const UPLOADABLE: ReadonlySet<MediaKind> = new Set(['video', 'image', 'audio']);

const HOUR_MS = 3_600_000;

/**
 * File records and their bytes, kept in step: a record is created only after its object is
 * stored, and an object is deleted before its record, so a crash leaves at worst an orphaned
 * record pointing at nothing (which the sweep removes at expiry), never bytes nobody can find.
 */
export class FilesService {
  readonly #files: FileRepository;
  readonly #objects: ObjectStore;
  readonly #inspect: Inspect;
  readonly #explainUnreadable: NonNullable<FilesServiceDeps['explainUnreadable']>;
  readonly #log: Logger;
  readonly #now: () => Date;
  readonly #isDeletedOwner: (ownerId: string) => Promise<boolean>;

  constructor(deps: FilesServiceDeps) {
    this.#files = deps.files;
    this.#objects = deps.objects;
    this.#inspect = deps.inspect;
    this.#explainUnreadable = deps.explainUnreadable ?? (async () => undefined);
    this.#log = deps.log;
    this.#now = deps.now ?? (() => new Date());
    this.#isDeletedOwner = deps.isDeletedOwner ?? (async () => false);
  }

  /** The caller's file; someone else's, a missing or an expired one is "not found" alike. */
  async getFile(ownerId: string, id: string): Promise<FileDoc> {
    const doc = await this.#files.findOwned(ownerId, id, this.#now().toISOString());
    if (!doc) throw notFound('File');
    return doc;
  }

  async listFiles(query: {
    ownerId: string;
    media?: string;
    uploadsOnly?: boolean;
    cursor?: string;
    limit?: number;
  }) {
    if (query.media && !MEDIA_KINDS.includes(query.media as MediaKind)) {
      throw badRequest(`media must be one of ${MEDIA_KINDS.join(', ')}.`, [
        { field: 'media', message: 'unknown media kind' },
      ]);
    }
    return this.#files.page({ ...query, liveAt: this.#now().toISOString() });
  }

  /** Deletes the bytes, then the record: when this resolves, the bytes are gone. */
  async deleteFile(ownerId: string, id: string): Promise<void> {
    const doc = await this.#files.findOwned(ownerId, id);
    if (!doc) throw notFound('File');
    await this.#remove(doc);
  }

  /** Stores an uploaded file: reads what it is, puts the bytes, then creates the record. */
  async createUpload(upload: NewUpload): Promise<FileDoc> {
    // An access token outlives its account by up to its lifetime: it must not store files again.
    if (await this.#isDeletedOwner(upload.ownerId)) throw accountDeleted();
    if (upload.id) {
      const existing = await this.#files.findById(upload.id);
      if (existing) return existing;
    }
    const info = await this.#inspect(upload.path);
    if (!info || !UPLOADABLE.has(info.media) || undecodable(info)) {
      const why = await this.#explainUnreadable(upload.path, upload.name);
      throw unsupportedMedia(why ?? `${upload.name} is not a video or image Mediakit can read.`);
    }
    const name = upload.extensionFromContent ? withFormatExtension(upload.name, info.format) : upload.name;
    const id = upload.id ?? newId();
    const objectKey = uploadObjectKey(id);
    const { size } = await stat(upload.path);
    await this.#objects.put(objectKey, createReadStream(upload.path), { contentType: info.mime });

    const created = this.#now();
    const doc: FileDoc = {
      _id: id,
      ownerId: upload.ownerId,
      name,
      size,
      ...mediaFields(info),
      source: 'upload',
      objectKey,
      createdAt: created.toISOString(),
      expiresAt: new Date(created.getTime() + upload.retentionHours * HOUR_MS).toISOString(),
    };
    try {
      await this.#files.insert(doc);
    } catch (error) {
      await this.#objects
        .delete(objectKey)
        .catch((err: unknown) => this.#log.warn({ err, objectKey }, 'could not remove an unrecorded upload'));
      throw error;
    }
    filesUploadedBytes.inc(size);
    return doc;
  }

  /** Undoes uploads of a request that failed part-way, so a failed request leaves nothing behind. */
  async discard(docs: FileDoc[]): Promise<void> {
    for (const doc of docs) {
      await this.#remove(doc).catch((err: unknown) =>
        this.#log.error({ err, fileId: doc._id }, 'could not discard an upload'),
      );
    }
  }

  /** Records a worker's output (already in the object store). Idempotent on `id`. */
  async registerOutput(output: NewOutput): Promise<FileDoc> {
    for (const field of ['id', 'ownerId', 'jobId', 'objectKey', 'mime', 'format'] as const) {
      if (!output[field]) throw badRequest(`${field} is required.`, [{ field, message: 'required' }]);
    }
    if (!MEDIA_KINDS.includes(output.media as MediaKind)) {
      throw badRequest(`media must be one of ${MEDIA_KINDS.join(', ')}.`, [
        { field: 'media', message: 'unknown media kind' },
      ]);
    }
    const expiresAt = parseTime(output.expiresAt, 'expires_at');
    if (await this.#isDeletedOwner(output.ownerId)) {
      // A job that was still running when its owner deleted the account: its output goes too.
      await this.#objects.delete(output.objectKey);
      throw accountDeleted();
    }
    const existing = await this.#files.findById(output.id);
    if (existing && (existing.ownerId !== output.ownerId || existing.source !== 'output')) {
      throw conflict(`File ${output.id} already exists and is not this job's output.`);
    }
    // The size is what is stored, whatever the worker believes it wrote.
    const stored = await this.#statObject(output.objectKey);
    if (!stored)
      throw unprocessable(
        `Output ${output.objectKey} is not in the object store: write it before registering it.`,
      );

    return this.#files.upsert({
      _id: output.id,
      ownerId: output.ownerId,
      name: sanitizeFileName(output.name),
      size: stored.size,
      ...mediaFields({ ...output, media: output.media as MediaKind }),
      source: 'output',
      jobId: output.jobId,
      objectKey: output.objectKey,
      createdAt: this.#now().toISOString(),
      expiresAt,
    });
  }

  /** Deletes a job's outputs, bytes first; returns how many files went. */
  async deleteJobOutputs(ownerId: string, jobId: string): Promise<number> {
    const docs = await this.#files.findByJob(ownerId, jobId);
    for (const doc of docs) await this.#remove(doc);
    return docs.length;
  }

  /**
   * Deletes every file of the owner, uploads and outputs, expired or not, bytes first (their
   * account was deleted: account-deletion.ts). Returns how many went; running it again deletes
   * nothing more, so a redelivered event is harmless.
   */
  async deleteAllOf(ownerId: string): Promise<number> {
    if (!ownerId) throw badRequest('owner_id is required.', [{ field: 'owner_id', message: 'required' }]);
    let deleted = 0;
    for (;;) {
      const docs = await this.#files.findByOwner(ownerId, 100);
      for (const doc of docs) await this.#remove(doc);
      deleted += docs.length;
      if (docs.length < 100) return deleted;
    }
  }

  /**
   * Moves everything `fromOwnerId` has to `toOwnerId`: a guest who signs in keeps their files
   * (the gateway decides who may claim what). Object keys do not name owners, so only records
   * change. Expiry times stay as they were: what a guest uploaded expires as it would have.
   */
  async claimOwner(fromOwnerId: string, toOwnerId: string): Promise<number> {
    if (fromOwnerId === toOwnerId) {
      throw badRequest('to_owner_id must differ from from_owner_id.', [
        { field: 'to_owner_id', message: 'same as from_owner_id' },
      ]);
    }
    return this.#files.reassignOwner(fromOwnerId, toOwnerId);
  }

  /** The bytes of a file the caller was allowed to see, whole or one range. */
  async openContent(doc: FileDoc, range?: ByteRange): Promise<Readable> {
    try {
      return await this.#objects.get(doc.objectKey, range);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      this.#log.error({ fileId: doc._id, objectKey: doc.objectKey }, 'file record without its object');
      throw notFound('File');
    }
  }

  /**
   * Deletes up to `limit` files expired at `now`. A file that cannot be deleted now (the object
   * store is down) is logged and left for the next sweep.
   */
  async deleteExpired(now: Date, limit: number): Promise<{ found: number; deleted: number }> {
    const docs = await this.#files.findExpired(now.toISOString(), limit);
    let deleted = 0;
    for (const doc of docs) {
      try {
        await this.#remove(doc);
        deleted += 1;
      } catch (err) {
        this.#log.warn({ err, fileId: doc._id }, 'could not delete an expired file; retrying next sweep');
      }
    }
    return { found: docs.length, deleted };
  }

  async #remove(doc: FileDoc): Promise<void> {
    await this.#objects.delete(doc.objectKey);
    await this.#files.deleteById(doc._id);
  }

  async #statObject(key: string) {
    try {
      return await this.#objects.stat(key);
    } catch (error) {
      if (error instanceof InvalidObjectKeyError)
        throw badRequest(error.message, [{ field: 'object_key', message: 'invalid key' }]);
      throw error;
    }
  }
}

/** The media fields of a record, without undefined values (MongoDB would store them as null). */
function mediaFields(
  info: MediaInfo,
): Pick<
  FileDoc,
  | 'mime'
  | 'media'
  | 'format'
  | 'width'
  | 'height'
  | 'duration'
  | 'fps'
  | 'hasAudio'
  | 'videoCodec'
  | 'audioCodec'
> {
  const fields = {
    mime: info.mime,
    media: info.media,
    format: info.format,
    width: info.width,
    height: info.height,
    duration: info.duration,
    fps: info.fps,
    hasAudio: info.hasAudio,
    videoCodec: info.videoCodec,
    audioCodec: info.audioCodec,
  };
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as typeof fields;
}

/** The same 401 the auth service gives a token whose account is gone. */
const accountDeleted = () =>
  new ApiError(401, 'session_ended', 'Your session has ended. Please sign in again.');

function parseTime(value: string, field: string): string {
  const time = value ? new Date(value) : null;
  if (!time || Number.isNaN(time.getTime()))
    throw badRequest(`${field} must be an ISO 8601 time.`, [{ field, message: 'invalid time' }]);
  return time.toISOString();
}
