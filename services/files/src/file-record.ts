import type { MediaInfo, MediaKind } from '@mediakit/media';
import type { filesV1 } from '@mediakit/proto';

/** The kinds a file record may have (docs/api.md `File.media`). */
export const MEDIA_KINDS: readonly MediaKind[] = ['video', 'image', 'audio', 'archive'];

export type FileSource = 'upload' | 'output';

/**
 * One stored file, as kept in the `files` collection. What it is (mime, media, dimensions,
 * duration: its MediaInfo) was read from its bytes; `name` is only what the user called it.
 */
export interface FileDoc extends MediaInfo {
  _id: string;
  ownerId: string;
  name: string;
  size: number;
  source: FileSource;
  jobId?: string;
  objectKey: string;
  /** ISO 8601 UTC; keyset paging orders by it. */
  createdAt: string;
  /** ISO 8601 UTC; the sweeper deletes the file (bytes and record) once it has passed. */
  expiresAt: string;
}

/** Where an upload's bytes live. Outputs use keys their worker chose. */
export const uploadObjectKey = (id: string) => `uploads/${id}`;

export function toProto(doc: FileDoc): filesV1.File {
  return {
    id: doc._id,
    ownerId: doc.ownerId,
    name: doc.name,
    size: doc.size,
    mime: doc.mime,
    media: doc.media,
    format: doc.format,
    width: doc.width,
    height: doc.height,
    duration: doc.duration,
    fps: doc.fps,
    hasAudio: doc.hasAudio,
    videoCodec: doc.videoCodec,
    audioCodec: doc.audioCodec,
    source: doc.source,
    jobId: doc.jobId,
    createdAt: doc.createdAt,
    expiresAt: doc.expiresAt,
    objectKey: doc.objectKey,
  };
}
