import type { MediaKind } from './types.ts';

/** What the bytes say a file is, before looking inside it. */
export interface SniffedFormat {
  /** Short name as stored in MediaInfo.format. */
  format: string;
  mime: string;
  media: MediaKind;
}

const video = (format: string, mime: string): SniffedFormat => ({ format, mime, media: 'video' });
const audio = (format: string, mime: string): SniffedFormat => ({ format, mime, media: 'audio' });
const image = (format: string, mime: string): SniffedFormat => ({ format, mime, media: 'image' });

/**
 * file-type's `ext` → our format. Anything not listed is a file we do not handle (inspectFile → null).
 * Video formats are named as the catalog names them (FORMATS in @mediakit/catalog, e.g. "mpeg-ts"
 * as in mpeg-ts-to-mp4) under the catalog's canonical MIME type, which is the one its converters
 * accept; where file-type's MIME differs, ours wins (file-type says video/matroska, video/vnd.avi
 * and video/x-ms-asf).
 */
const BY_FILE_TYPE_EXT: Record<string, SniffedFormat> = {
  mp4: video('mp4', 'video/mp4'),
  // An MP4 with Apple's M4V brand: same container, same handling.
  m4v: video('mp4', 'video/mp4'),
  // file-type maps ftyp brand "qt  " (and brand-less moov/mdat/wide/free files) to mov.
  mov: video('mov', 'video/quicktime'),
  // Phone video (3GPP, 3GPP2): the same ISO box structure as MP4, which ffmpeg's mov demuxer reads.
  '3gp': video('3gp', 'video/3gpp'),
  '3g2': video('3g2', 'video/3gpp2'),
  // Matroska's EBML DocType tells them apart: ffmpeg's webm muxer writes "webm", mkv writes "matroska".
  webm: video('webm', 'video/webm'),
  mkv: video('mkv', 'video/x-matroska'),
  avi: video('avi', 'video/x-msvideo'),
  // ASF is the container of WMV (and WMA, see AUDIO_ONLY below).
  asf: video('wmv', 'video/x-ms-wmv'),
  flv: video('flv', 'video/x-flv'),
  // file-type's "mts" covers both 188-byte MPEG-TS packets and 192-byte M2TS (Blu-ray, AVCHD).
  mts: video('mpeg-ts', 'video/mp2t'),
  mpg: video('mpeg', 'video/mpeg'),

  mp3: audio('mp3', 'audio/mpeg'),
  m4a: audio('m4a', 'audio/mp4'),
  aac: audio('aac', 'audio/aac'),
  wav: audio('wav', 'audio/wav'),
  flac: audio('flac', 'audio/flac'),
  ogg: audio('ogg', 'audio/ogg'),
  oga: audio('ogg', 'audio/ogg'),
  opus: audio('opus', 'audio/ogg'),
  aif: audio('aiff', 'audio/aiff'),

  png: image('png', 'image/png'),
  apng: image('png', 'image/png'),
  jpg: image('jpg', 'image/jpeg'),
  gif: image('gif', 'image/gif'),
  webp: image('webp', 'image/webp'),
  tif: image('tiff', 'image/tiff'),
  avif: image('avif', 'image/avif'),
  bmp: image('bmp', 'image/bmp'),
  // file-type says image/heif for the generic "mif1" brand; the catalog speaks of HEIC throughout.
  heic: image('heic', 'image/heic'),
  ico: image('ico', 'image/x-icon'),
  // A Windows cursor is an ICO whose directory holds hotspots where an icon has planes and depth.
  cur: image('ico', 'image/x-icon'),
  psd: image('psd', 'image/vnd.adobe.photoshop'),

  zip: { format: 'zip', mime: 'application/zip', media: 'archive' },
};

export const SVG_FORMAT: SniffedFormat = image('svg', 'image/svg+xml');
export const AVIF_FORMAT: SniffedFormat = image('avif', 'image/avif');
export const HEIC_FORMAT: SniffedFormat = image('heic', 'image/heic');

export function formatFromFileType(ext: string): SniffedFormat | undefined {
  return BY_FILE_TYPE_EXT[ext];
}

/**
 * A video container that turns out to hold sound only is an audio file, under the MIME type
 * that players expect for it. Containers without a common audio MIME keep their own.
 */
const AUDIO_ONLY: Record<string, SniffedFormat> = {
  mp4: audio('m4a', 'audio/mp4'),
  mov: audio('m4a', 'audio/mp4'),
  // A voice memo: AMR or AAC in a 3GP.
  '3gp': audio('3gp', 'audio/3gpp'),
  '3g2': audio('3g2', 'audio/3gpp2'),
  webm: audio('webm', 'audio/webm'),
  mkv: audio('mka', 'audio/x-matroska'),
  wmv: audio('wma', 'audio/x-ms-wma'),
};

export function audioOnlyVariant(sniffed: SniffedFormat): SniffedFormat {
  return AUDIO_ONLY[sniffed.format] ?? { ...sniffed, media: 'audio' };
}
