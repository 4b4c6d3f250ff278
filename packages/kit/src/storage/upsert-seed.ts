import type { Filter } from './ports.ts';

/**
 * The document MongoDB starts from when an upsert finds nothing and inserts: the filter's equality
 * conditions (`{ a: 1 }`, `{ a: { $eq: 1 } }`, also inside `$and`), with dotted paths expanded into
 * sub-documents. The update is then applied to it. Ranges, `$or` and the like contribute nothing.
 *
 * mingo has no upsert, so the embedded store computes this itself.
 */
export function upsertSeed(filter: Filter): Record<string, unknown> {
  const seed: Record<string, unknown> = {};
  collectEqualities(filter, seed);
  return seed;
}

function collectEqualities(filter: Filter, seed: Record<string, unknown>): void {
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(condition)) {
      for (const part of condition) collectEqualities(part as Filter, seed);
    } else if (!key.startsWith('$') && !(condition instanceof RegExp)) {
      if (!isOperatorObject(condition)) setPath(seed, key, structuredClone(condition));
      else if ('$eq' in condition) setPath(seed, key, structuredClone(condition.$eq));
    }
  }
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const names = path.split('.');
  const last = names.pop() as string;
  let node = target;
  for (const name of names) {
    const next = node[name];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) node[name] = {};
    node = node[name] as Record<string, unknown>;
  }
  node[last] = value;
}

/** True for `{ $gt: 1, ... }`, false for a value compared as a whole (`{ a: 1 }`, `[1]`, /re/). */
function isOperatorObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof RegExp)
    return false;
  return Object.keys(value).some((key) => key.startsWith('$'));
}
