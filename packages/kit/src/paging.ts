import { badRequest } from './errors.ts';
import type { Filter, Sort } from './storage/ports.ts';

/**
 * Keyset pagination, newest first, over documents with `createdAt` (ISO string) and `_id`.
 * The cursor is the last item's position; it stays correct while new items arrive.
 */
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

interface Position {
  createdAt: string;
  id: string;
}

export function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');
}

export function decodeCursor(cursor: string): Position {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof createdAt === 'string' && typeof id === 'string') return { createdAt, id };
  } catch {}
  throw badRequest('cursor is not valid: pass the nextCursor of a previous page.', [
    { field: 'cursor', message: 'invalid cursor' },
  ]);
}

export function clampLimit(limit: number | undefined): number {
  if (!limit || limit < 1) return DEFAULT_LIMIT;
  return Math.min(limit, MAX_LIMIT);
}

/** The filter and sort for the page after `cursor`; fetch limit + 1 to know whether more exist. */
export function pageQuery(cursor: string | undefined): { filter: Filter; sort: Sort } {
  const sort: Sort = { createdAt: -1, _id: -1 };
  if (!cursor) return { filter: {}, sort };
  const { createdAt, id } = decodeCursor(cursor);
  return { filter: { $or: [{ createdAt: { $lt: createdAt } }, { createdAt, _id: { $lt: id } }] }, sort };
}

export function toPage<T extends { _id: string; createdAt: string }>(
  docs: T[],
  limit: number,
): { items: T[]; nextCursor: string | null } {
  const items = docs.slice(0, limit);
  const last = items[items.length - 1];
  const nextCursor =
    docs.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last._id }) : null;
  return { items, nextCursor };
}
