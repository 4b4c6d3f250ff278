/**
 * Thrown by a document store when a write would break a unique index (the `_id` index included).
 * Each adapter turns its engine's own error into this one, so a repository can answer
 * "already exists" (HTTP 409) the same way on MongoDB and on the embedded store.
 */
export class DuplicateKeyError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DuplicateKeyError';
  }
}
