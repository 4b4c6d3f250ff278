/**
 * Object keys are `/`-separated paths such as `uploads/abc` or `outputs/job1/video.mp4`. Both object
 * stores check them the same way, so a key that works on a laptop works on S3 and the reverse:
 * the local store maps keys to file paths, and a key must never reach outside its directory.
 */
export class InvalidObjectKeyError extends Error {
  constructor(key: string, reason: string) {
    super(`Object key ${JSON.stringify(key)} is not valid: ${reason}.`);
    this.name = 'InvalidObjectKeyError';
  }
}

/** S3's limit on key length, in UTF-8 bytes. */
const MAX_KEY_BYTES = 1024;

export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key === '') throw new InvalidObjectKeyError(String(key), 'it is empty');
  if (key.endsWith('/')) throw new InvalidObjectKeyError(key, 'it ends with "/"');
  assertSafeCharacters(key);
}

/** A prefix may be empty (everything) or end with `/`; otherwise it follows the key rules. */
export function assertValidPrefix(prefix: string): void {
  if (typeof prefix !== 'string')
    throw new InvalidObjectKeyError(String(prefix), 'a prefix must be a string');
  if (prefix !== '') assertSafeCharacters(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}

/** What deletePrefix accepts: a valid prefix, but never the empty one (it would delete everything). */
export function assertDeletablePrefix(prefix: string): void {
  assertValidPrefix(prefix);
  if (prefix === '')
    throw new InvalidObjectKeyError(
      prefix,
      'deletePrefix refuses the empty prefix (it would delete everything)',
    );
}

function assertSafeCharacters(key: string): void {
  if (key.includes('\0')) throw new InvalidObjectKeyError(key, 'it contains a NUL character');
  if (key.includes('\\')) throw new InvalidObjectKeyError(key, 'it contains a backslash');
  if (key.startsWith('/')) throw new InvalidObjectKeyError(key, 'it is an absolute path');
  if (key.includes('..')) throw new InvalidObjectKeyError(key, 'it contains ".."');
  if (key.split('/').includes('')) throw new InvalidObjectKeyError(key, 'it has an empty path segment');
  // Names starting with a dot are the local store's own files (temp files, metadata).
  if (key.split('/').some((segment) => segment.startsWith('.'))) {
    throw new InvalidObjectKeyError(key, 'a path segment starts with "."');
  }
  if (Buffer.byteLength(key) > MAX_KEY_BYTES)
    throw new InvalidObjectKeyError(key, `it is longer than ${MAX_KEY_BYTES} bytes`);
}
