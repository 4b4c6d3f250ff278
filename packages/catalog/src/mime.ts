/**
 * Media formats the platform knows by name, their MIME types (as the files service reads them from the
 * bytes), and the human names used in error messages ("This converter takes HEIC images, but this file
 * is a PNG image.").
 */

export type Media = 'video' | 'image' | 'audio';

export interface FormatInfo {
  /** Human name, e.g. "PNG", "HEIC", "MP4". */
  label: string;
  /** Article to use before the label when speaking of one file ("a PNG", "an MP4"). */
  article: 'a' | 'an';
  media: Media;
  /** The MIME types of this format; the first is the canonical one. */
  mimes: readonly string[];
}

/** Format name (as used in converter names, e.g. "mpeg-ts" in mpeg-ts-to-mp4) → what it is. */
export const FORMATS = {
  mp4: { label: 'MP4', article: 'an', media: 'video', mimes: ['video/mp4'] },
  mov: { label: 'MOV', article: 'a', media: 'video', mimes: ['video/quicktime'] },
  '3gp': { label: '3GP', article: 'a', media: 'video', mimes: ['video/3gpp'] },
  '3g2': { label: '3G2', article: 'a', media: 'video', mimes: ['video/3gpp2'] },
  webm: { label: 'WebM', article: 'a', media: 'video', mimes: ['video/webm'] },
  mkv: { label: 'MKV', article: 'an', media: 'video', mimes: ['video/x-matroska'] },
  avi: { label: 'AVI', article: 'an', media: 'video', mimes: ['video/x-msvideo'] },
  wmv: { label: 'WMV', article: 'a', media: 'video', mimes: ['video/x-ms-wmv', 'video/x-ms-asf'] },
  flv: { label: 'FLV', article: 'an', media: 'video', mimes: ['video/x-flv'] },
  'mpeg-ts': { label: 'MPEG-TS', article: 'an', media: 'video', mimes: ['video/mp2t'] },
  mpeg: { label: 'MPEG', article: 'an', media: 'video', mimes: ['video/mpeg'] },
  jpg: { label: 'JPG', article: 'a', media: 'image', mimes: ['image/jpeg'] },
  png: { label: 'PNG', article: 'a', media: 'image', mimes: ['image/png'] },
  webp: { label: 'WebP', article: 'a', media: 'image', mimes: ['image/webp'] },
  gif: { label: 'GIF', article: 'a', media: 'image', mimes: ['image/gif'] },
  tiff: { label: 'TIFF', article: 'a', media: 'image', mimes: ['image/tiff'] },
  avif: { label: 'AVIF', article: 'an', media: 'image', mimes: ['image/avif'] },
  bmp: { label: 'BMP', article: 'a', media: 'image', mimes: ['image/bmp'] },
  heic: { label: 'HEIC', article: 'a', media: 'image', mimes: ['image/heic', 'image/heif'] },
  ico: { label: 'ICO', article: 'an', media: 'image', mimes: ['image/x-icon', 'image/vnd.microsoft.icon'] },
  svg: { label: 'SVG', article: 'an', media: 'image', mimes: ['image/svg+xml'] },
  psd: { label: 'PSD', article: 'a', media: 'image', mimes: ['image/vnd.adobe.photoshop'] },
  mp3: { label: 'MP3', article: 'an', media: 'audio', mimes: ['audio/mpeg'] },
  m4a: { label: 'M4A', article: 'an', media: 'audio', mimes: ['audio/mp4'] },
  aac: { label: 'AAC', article: 'an', media: 'audio', mimes: ['audio/aac'] },
  wav: { label: 'WAV', article: 'a', media: 'audio', mimes: ['audio/wav', 'audio/x-wav', 'audio/wave'] },
  flac: { label: 'FLAC', article: 'a', media: 'audio', mimes: ['audio/flac'] },
  // Ogg holds Vorbis or Opus: the files service names both audio/ogg, so "opus" is an output name and
  // a page name, and its converters take audio/ogg too.
  ogg: { label: 'OGG', article: 'an', media: 'audio', mimes: ['audio/ogg'] },
  opus: { label: 'Opus', article: 'an', media: 'audio', mimes: ['audio/opus'] },
  wma: { label: 'WMA', article: 'a', media: 'audio', mimes: ['audio/x-ms-wma'] },
  aiff: { label: 'AIFF', article: 'an', media: 'audio', mimes: ['audio/aiff', 'audio/x-aiff'] },
} as const satisfies Record<string, FormatInfo>;

export type FormatName = keyof typeof FORMATS;

const VIDEO_FORMATS: readonly FormatName[] = [
  'mp4',
  'mov',
  '3gp',
  '3g2',
  'webm',
  'mkv',
  'avi',
  'wmv',
  'flv',
  'mpeg-ts',
  'mpeg',
];
const IMAGE_FORMATS: readonly FormatName[] = [
  'jpg',
  'png',
  'webp',
  'gif',
  'tiff',
  'avif',
  'bmp',
  'heic',
  'ico',
  'svg',
  'psd',
];
/** Sound-only files (MP3…), and the sound-only variants of video containers the files service names. */
const AUDIO_FORMATS: readonly FormatName[] = [
  'mp3',
  'm4a',
  'aac',
  'wav',
  'flac',
  'ogg',
  'opus',
  'wma',
  'aiff',
];
const AUDIO_CONTAINER_MIMES = ['audio/webm', 'audio/x-matroska', 'audio/3gpp', 'audio/3gpp2'];
/** Still images ffmpeg reads without extra libraries: what the transcoder takes as image inputs. */
const FFMPEG_IMAGE_FORMATS: readonly FormatName[] = ['jpg', 'png', 'webp', 'gif', 'bmp', 'tiff'];

/** The MIME types of the given formats, in order. */
export function mimesOf(...formats: FormatName[]): string[] {
  return formats.flatMap((f) => FORMATS[f].mimes);
}

/** Every video type the video tools take. */
export const VIDEO_MIMES: readonly string[] = Object.freeze(mimesOf(...VIDEO_FORMATS));
/** Every image type the image tools take. */
export const IMAGE_MIMES: readonly string[] = Object.freeze(mimesOf(...IMAGE_FORMATS));
/** Every audio type the audio tools take (sound-only files, including voice memos and WebM audio). */
export const AUDIO_MIMES: readonly string[] = Object.freeze([
  ...mimesOf(...AUDIO_FORMATS),
  ...AUDIO_CONTAINER_MIMES,
]);
/** Image types the video tools take as picture inputs (overlays, logos, slideshows). */
export const VIDEO_TOOL_IMAGE_MIMES: readonly string[] = Object.freeze(mimesOf(...FFMPEG_IMAGE_FORMATS));

/** "Video/MP4; codecs=avc1" → "video/mp4". */
export function normalizeMime(mime: string): string {
  return mime.split(';', 1)[0].trim().toLowerCase();
}

const BY_MIME = new Map<string, FormatName>();
for (const [name, info] of Object.entries(FORMATS) as [FormatName, FormatInfo][]) {
  for (const m of info.mimes) BY_MIME.set(m, name);
}

/** The known format a MIME type belongs to, e.g. "image/heif" → "heic". */
export function formatOfMime(mime: string): FormatName | undefined {
  return BY_MIME.get(normalizeMime(mime));
}

/** Names for types that are not formats of ours but that people upload anyway. */
const OTHER_LABELS: Record<string, string> = {
  'image/heif': 'HEIF',
  'image/jxl': 'JPEG XL',
  'image/x-portable-pixmap': 'PPM',
  'video/ogg': 'Ogg',
  'video/x-m4v': 'M4V',
  'audio/webm': 'WebM',
  'audio/x-matroska': 'MKA',
  'audio/3gpp': '3GP',
  'audio/3gpp2': '3G2',
  'application/pdf': 'PDF',
  'application/zip': 'ZIP',
  'text/plain': 'text',
  'text/html': 'HTML',
};

/** Human name of a MIME type for messages: "image/png" → "PNG", "image/heic" → "HEIC", "video/mp4" → "MP4". */
export function describeFormat(mime: string): string {
  const m = normalizeMime(mime);
  if (OTHER_LABELS[m]) return OTHER_LABELS[m];
  const f = BY_MIME.get(m);
  if (f) return FORMATS[f].label;
  const sub = m.split('/')[1] ?? '';
  if (!sub || sub === 'octet-stream') return 'unrecognised';
  const core = sub.replace(/^(x-|vnd\.)+/, '').split('+')[0];
  const last = core.split('.').pop() ?? core;
  return last.toUpperCase();
}

function articleFor(label: string): 'a' | 'an' {
  // Initialisms are spelled out: "an MKV", "an SVG"; words are read: "an Ogg", "a WAV".
  if (/^[A-Z0-9]{2,5}$/.test(label)) return /^[AEFHILMNORSX8]/.test(label) ? 'an' : 'a';
  return /^[aeiou]/i.test(label) ? 'an' : 'a';
}

/** "image/png" → "a PNG image", "video/mp4" → "an MP4 video", "application/pdf" → "a PDF file". */
export function describeFile(mime: string): string {
  const m = normalizeMime(mime);
  const label = describeFormat(m);
  if (label === 'unrecognised') return 'a file of an unrecognised type';
  const top = m.split('/')[0];
  const noun =
    top === 'video' ? 'video' : top === 'image' ? 'image' : top === 'audio' ? 'audio file' : 'file';
  const f = BY_MIME.get(m);
  const article = f && !OTHER_LABELS[m] ? FORMATS[f].article : articleFor(label);
  return `${article} ${label} ${noun}`;
}

/** "video", "image" or "audio" from the MIME type's top-level type, or undefined for anything else. */
export function mediaOfMime(mime: string): Media | undefined {
  const top = normalizeMime(mime).split('/')[0];
  return top === 'video' || top === 'image' || top === 'audio' ? top : undefined;
}

/** The label of a format by its catalog name, as pages say it: "webp" → "WebP", "opus" → "Opus". */
export function formatNameLabel(name: string): string {
  return Object.hasOwn(FORMATS, name) ? FORMATS[name as FormatName].label : name.toUpperCase();
}

/** Labels of the formats covering a MIME list, deduplicated: ["MP4", "MOV", ...]. */
export function formatLabels(mimes: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const m of mimes) {
    const f = BY_MIME.get(m);
    seen.add(f ? FORMATS[f].label : describeFormat(m));
  }
  return [...seen];
}
