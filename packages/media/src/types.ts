export type MediaKind = 'video' | 'image' | 'audio' | 'archive';

/** What the platform knows about a file, read from its bytes (never from its name). */
export interface MediaInfo {
  /** e.g. "video/webm", "image/png". */
  mime: string;
  /** Short format name, e.g. "webm", "mp4", "mov", "png", "jpg", "heic". */
  format: string;
  media: MediaKind;
  width?: number;
  height?: number;
  /** Seconds. */
  duration?: number;
  fps?: number;
  hasAudio?: boolean;
  videoCodec?: string;
  audioCodec?: string;
}
