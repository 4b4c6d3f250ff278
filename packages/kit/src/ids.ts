import { createHmac, randomBytes } from 'node:crypto';

/** An opaque, URL-safe id of 128 random bits (docs/api.md "Conventions"). */
export function newId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * An id derived from a secret-less seed that is itself random (e.g. a job id): the same seed and
 * index always give the same id, which makes re-registering a redelivered job's outputs idempotent,
 * while staying as unguessable as the seed.
 */
export function derivedId(seed: string, label: string): string {
  return createHmac('sha256', seed).update(label).digest().subarray(0, 16).toString('base64url');
}
