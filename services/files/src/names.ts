/**
 * File names are whatever the client said, so they are cleaned before they are stored and
 * quoted carefully when they go back out in a header.
 */

const MAX_NAME_LENGTH = 200;
const FALLBACK_NAME = 'file';

// C0 and C1 control characters, and the bidirectional overrides that make `evil‮gpj.exe`
// display as `evilexe.jpg`. Matching control characters is this pattern's whole point.
// biome-ignore lint/suspicious/noControlCharactersInRegex: it removes them
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Drops any directory part and unsafe characters, trims, caps at 200 characters; never empty. */
export function sanitizeFileName(raw: string | null | undefined): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = base.replace(UNSAFE_CHARACTERS, '').trim();
  // Cap by code points so a surrogate pair is never cut in half.
  const capped = Array.from(cleaned).slice(0, MAX_NAME_LENGTH).join('').trim();
  return capped === '' || capped === '.' || capped === '..' ? FALLBACK_NAME : capped;
}

/**
 * `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<RFC 5987>` (RFC 6266). Old clients
 * read the quoted fallback, every current browser the encoded UTF-8 name.
 */
export function contentDisposition(name: string, disposition: 'attachment' | 'inline'): string {
  return `${disposition}; filename="${asciiFallback(name)}"; filename*=UTF-8''${rfc5987(name)}`;
}

/** Printable ASCII only; quotes and backslashes would end or escape the quoted string. */
function asciiFallback(name: string): string {
  return name.replace(/[^\x20-\x7e]|["\\]/g, '_');
}

/** encodeURIComponent leaves ' ( ) * unencoded, which RFC 5987's attr-char does not allow. */
function rfc5987(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Where a sniffed format's usual extension differs from its format name (MediaInfo.format). */
const EXTENSION_OF_FORMAT: Record<string, string> = { 'mpeg-ts': 'ts', mpeg: 'mpg' };
/** Other spellings of a format's extension that are kept as the user wrote them. */
const SAME_EXTENSION: Record<string, readonly string[]> = {
  jpg: ['jpeg', 'jpe'],
  tiff: ['tif'],
  mp4: ['m4v'],
  aiff: ['aif'],
  'mpeg-ts': ['m2ts', 'mts'],
  mpeg: ['mpeg'],
  heic: ['heif'],
};

/**
 * The name with the extension its bytes call for: `photo.php` holding a JPEG becomes `photo.jpg`,
 * `clip` becomes `clip.mp4`, `Photo.JPEG` stays. Only a short trailing word counts as an extension.
 */
export function withFormatExtension(name: string, format: string): string {
  const wanted = EXTENSION_OF_FORMAT[format] ?? format;
  const match = name.match(/^(.+)\.([a-z0-9]{1,5})$/i);
  const current = match?.[2]?.toLowerCase();
  if (current === wanted || (current && SAME_EXTENSION[format]?.includes(current))) return name;
  const base = Array.from(match?.[1] ?? name)
    .slice(0, MAX_NAME_LENGTH - wanted.length - 1)
    .join('');
  return `${base}.${wanted}`;
}
