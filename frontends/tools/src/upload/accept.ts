import { describeFile, FORMATS, type FormatName, formatLabels, normalizeMime } from '@mediakit/catalog/mime';

/**
 * File name endings → the format they usually are. Browsers leave `File.type` empty for many of
 * these (HEIC outside Apple, PSD, FLV, MPEG-TS on some systems), so the ending is the second
 * opinion. Only a hint: the server reads the content and has the last word.
 */
const EXTENSIONS: Record<string, FormatName> = {
  mp4: 'mp4',
  m4v: 'mp4',
  mov: 'mov',
  qt: 'mov',
  '3gp': '3gp',
  '3gpp': '3gp',
  '3g2': '3g2',
  '3gpp2': '3g2',
  webm: 'webm',
  mkv: 'mkv',
  avi: 'avi',
  wmv: 'wmv',
  asf: 'wmv',
  flv: 'flv',
  ts: 'mpeg-ts',
  mts: 'mpeg-ts',
  m2ts: 'mpeg-ts',
  mpg: 'mpeg',
  mpeg: 'mpeg',
  jpg: 'jpg',
  jpeg: 'jpg',
  jpe: 'jpg',
  jfif: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  tif: 'tiff',
  tiff: 'tiff',
  avif: 'avif',
  bmp: 'bmp',
  dib: 'bmp',
  heic: 'heic',
  heif: 'heic',
  hif: 'heic',
  ico: 'ico',
  svg: 'svg',
  psd: 'psd',
};

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/** The MIME type the file's name suggests, or undefined. */
export function mimeFromName(name: string): string | undefined {
  const format = EXTENSIONS[extensionOf(name)];
  return format ? FORMATS[format].mimes[0] : undefined;
}

/** What the file probably is: the browser's type when it knows one, else the name's. */
export function guessMime(file: { name: string; type: string }): string | undefined {
  const type = normalizeMime(file.type || '');
  if (type && type !== 'application/octet-stream') return type;
  return mimeFromName(file.name);
}

/** "MP4, MOV or WebM" */
export function listFormats(mimes: readonly string[]): string {
  const labels = formatLabels(mimes);
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`;
}

/**
 * Whether a file may go to a tool that takes `accept`: the browser's type or the name's
 * format must be one of them. The message says what the file is and what the tool takes.
 */
export function checkFileType(
  file: { name: string; type: string },
  accept: readonly string[],
  what = 'this tool',
): string | undefined {
  const accepted = new Set(accept.map(normalizeMime));
  const candidates = [normalizeMime(file.type || ''), mimeFromName(file.name)].filter(Boolean) as string[];
  if (candidates.some((mime) => accepted.has(mime))) return undefined;
  const guess = guessMime(file);
  const is = guess ? describeFile(guess) : 'a file of an unrecognised type';
  return `${file.name} is ${is}, but ${what} takes ${listFormats(accept)} files. Choose another file.`;
}

/** The `accept` attribute of the file input: the types and their usual endings (iOS needs both). */
export function acceptAttribute(accept: readonly string[]): string {
  const wanted = new Set(accept.map(normalizeMime));
  const endings = Object.entries(EXTENSIONS)
    .filter(([, format]) => FORMATS[format].mimes.some((m) => wanted.has(m)))
    .map(([ext]) => `.${ext}`);
  return [...wanted, ...endings].join(',');
}

export interface Selection<T> {
  accepted: T[];
  problems: string[];
}

/**
 * Files picked or dropped, checked against the tool: type of each, and how many fit (`room` is
 * what is still free of the tool's maximum). Accepted files keep their order.
 */
export function checkSelection<T extends { name: string; type: string }>(
  files: readonly T[],
  accept: readonly string[],
  room: number,
  what = 'this tool',
): Selection<T> {
  const problems: string[] = [];
  const typed = files.filter((file) => {
    const problem = checkFileType(file, accept, what);
    if (problem) problems.push(problem);
    return !problem;
  });
  const accepted = typed.slice(0, Math.max(0, room));
  const left = typed.length - accepted.length;
  if (left > 0) {
    problems.push(
      room <= 0
        ? `There is no room for more files here: remove one first.`
        : `Only ${room} more file${room === 1 ? '' : 's'} fit here, so ${left} ${left === 1 ? 'was' : 'were'} left out.`,
    );
  }
  return { accepted, problems };
}
