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
