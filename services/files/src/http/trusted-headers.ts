import { ApiError, badRequest, tooLarge } from '@mediakit/kit';
import { Type } from 'typebox';

/**
 * The gateway authenticates the caller and tells this service who it is and what their plan
 * allows, in headers it alone sets (this server is never reachable from outside):
 *   x-mk-owner            the owner id (user or anonymous guest); every request needs it
 *   x-mk-max-bytes        the plan's largest file, for uploads (capped by MAX_UPLOAD_BYTES)
 *   x-mk-retention-hours  how long the plan keeps files (else GUEST_RETENTION_HOURS)
 */
export const OWNER_HEADER = 'x-mk-owner';
export const MAX_BYTES_HEADER = 'x-mk-max-bytes';
export const RETENTION_HEADER = 'x-mk-retention-hours';

/** The headers of an upload route, for its schema. */
export const UploadHeaders = Type.Object({
  [OWNER_HEADER]: Type.Optional(Type.String()),
  [MAX_BYTES_HEADER]: Type.Optional(Type.String({ pattern: '^[0-9]+$' })),
  [RETENTION_HEADER]: Type.Optional(Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' })),
});

export interface UploadLimits {
  /** The hard ceiling of this service (MAX_UPLOAD_BYTES). */
  maxUploadBytes: number;
  /** Retention when the gateway sends none (GUEST_RETENTION_HOURS). */
  guestRetentionHours: number;
}

type HeaderValue = string | string[] | number | null | undefined;
const single = (value: HeaderValue) =>
  Array.isArray(value) ? value[0] : value == null ? undefined : String(value).trim();

export function ownerFrom(value: HeaderValue): string {
  const owner = single(value);
  if (!owner)
    throw new ApiError(
      401,
      'unauthorized',
      'Sign in or continue as a guest first: this request did not say who is asking.',
    );
  return owner;
}

/** The largest file this upload may be: the plan's limit, never above the service's ceiling. */
export function maxBytesFrom(value: HeaderValue, limits: UploadLimits): number {
  const raw = single(value);
  if (!raw) return limits.maxUploadBytes;
  const bytes = Number(raw);
  if (!Number.isSafeInteger(bytes) || bytes < 1)
    throw badRequest(`${MAX_BYTES_HEADER} must be a positive whole number of bytes.`);
  return Math.min(bytes, limits.maxUploadBytes);
}

export function retentionHoursFrom(value: HeaderValue, limits: UploadLimits): number {
  const raw = single(value);
  if (!raw) return limits.guestRetentionHours;
  const hours = Number(raw);
  if (!Number.isFinite(hours) || hours <= 0)
    throw badRequest(`${RETENTION_HEADER} must be a positive number of hours.`);
  return hours;
}

/** Who is storing a file and what their plan allows, from a Fastify request's trusted headers. */
export function uploaderFrom(
  headers: Record<string, HeaderValue>,
  limits: UploadLimits,
): { ownerId: string; maxBytes: number; retentionHours: number } {
  return {
    ownerId: ownerFrom(headers[OWNER_HEADER]),
    maxBytes: maxBytesFrom(headers[MAX_BYTES_HEADER], limits),
    retentionHours: retentionHoursFrom(headers[RETENTION_HEADER], limits),
  };
}

export function fileTooLarge(name: string, limitBytes: number): ApiError {
  return tooLarge(`${name} is larger than the ${formatLimit(limitBytes)} limit of your plan.`);
}

/** "100 MB", "1.5 MB", "512 KB": binary units, as plans state their limits. */
export function formatLimit(bytes: number): string {
  const units: Array<[string, number]> = [
    ['MB', 1024 ** 2],
    ['KB', 1024],
  ];
  for (const [unit, size] of units) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}
