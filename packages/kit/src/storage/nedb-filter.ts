import type { Filter } from './ports.ts';

/**
 * Translates a MongoDB filter into the nedb query that selects the same documents.
 *
 * nedb speaks most of MongoDB's query language, but a few operators differ in ways that would
 * make a repository behave differently on the embedded store than in production:
 *
 * - `{ f: null }` matches a missing `f` in MongoDB, not in nedb.
 * - `$ne` / `$nin` on an array field: MongoDB requires that *no* element matches; nedb that
 *   *some* element does not. Both are rewritten as "not (equal / in)".
 * - `$exists: true` on an empty array is false in nedb (it looks at the elements).
 * - `$not` applies to one field in MongoDB (`{ f: { $not: { $gt: 1 } } }`) but to a whole
 *   query in nedb (`{ $not: { f: { $gt: 1 } } }`).
 * - `$regex` takes a string plus `$options` in MongoDB; nedb wants a RegExp.
 * - nedb has no `$eq`.
 *
 * Only the operators listed on `Filter` in ports.ts are accepted; anything else throws, so code
 * that would work on one adapter and not the other fails in the embedded store's tests already.
 */
export function toNedbFilter(filter: Filter): NedbQuery {
  const parts: NedbQuery[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value) || value.length === 0)
        throw new TypeError(`${key} needs a non-empty array of filters.`);
      parts.push({ [key]: value.map((part: Filter) => toNedbFilter(part)) });
    } else if (key.startsWith('$')) {
      throw new TypeError(
        `Top-level ${key} is not supported by the document store (use $and / $or, or $not on a field).`,
      );
    } else {
      parts.push(fieldCondition(key, value));
    }
  }
  return allOf(parts);
}

/** A query in nedb's dialect (same shape as a MongoDB filter, different meaning in places). */
export type NedbQuery = Record<string, unknown>;

/** True for `{ $gt: 1, ... }`, false for a value compared as a whole (`{ a: 1 }`, `[1]`, /re/). */
export function isOperatorObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof RegExp)
    return false;
  return Object.keys(value).some((key) => key.startsWith('$'));
}

const RANGE_OPERATORS = new Set(['$gt', '$gte', '$lt', '$lte']);

function fieldCondition(path: string, condition: unknown): NedbQuery {
  if (!isOperatorObject(condition)) return equals(path, condition);

  const parts: NedbQuery[] = [];
  // The bounds of a range stay together in one condition, so an index can serve the whole range.
  let range: Record<string, unknown> | undefined;
  for (const [operator, operand] of Object.entries(condition)) {
    if (RANGE_OPERATORS.has(operator)) {
      if (!range) {
        range = {};
        parts.push({ [path]: range });
      }
      range[operator] = operand;
    } else if (operator === '$eq') parts.push(equals(path, operand));
    else if (operator === '$ne') parts.push({ $not: equals(path, operand) });
    else if (operator === '$in') parts.push(isIn(path, operand));
    else if (operator === '$nin') parts.push({ $not: isIn(path, operand) });
    else if (operator === '$exists') parts.push(operand ? { $not: missing(path) } : missing(path));
    else if (operator === '$regex') parts.push({ [path]: { $regex: toRegExp(operand, condition.$options) } });
    else if (operator === '$options') {
      if (!('$regex' in condition)) throw new TypeError(`$options on "${path}" needs a $regex next to it.`);
    } else if (operator === '$not') parts.push({ $not: notOperand(path, operand) });
    else throw new TypeError(`Operator ${operator} (on "${path}") is not supported by the document store.`);
  }
  return allOf(parts);
}

/** Equality with MongoDB's meaning of null: "null or missing". */
function equals(path: string, value: unknown): NedbQuery {
  if (value === null) return { $or: [{ [path]: null }, missing(path)] };
  return { [path]: value };
}

function isIn(path: string, values: unknown): NedbQuery {
  if (!Array.isArray(values)) throw new TypeError(`$in / $nin on "${path}" needs an array.`);
  if (values.some((value) => value instanceof RegExp)) {
    throw new TypeError(
      `Regular expressions inside $in / $nin (on "${path}") are not supported by the document store.`,
    );
  }
  const inList = { [path]: { $in: values } };
  return values.includes(null) ? { $or: [inList, missing(path)] } : inList;
}

function missing(path: string): NedbQuery {
  return { [path]: { $exists: false } };
}

/** MongoDB allows `$not` around an operator object or a regular expression, nothing else. */
function notOperand(path: string, operand: unknown): NedbQuery {
  if (operand instanceof RegExp || isOperatorObject(operand)) return fieldCondition(path, operand);
  throw new TypeError(`$not on "${path}" needs an operator object or a regular expression.`);
}

function toRegExp(pattern: unknown, options: unknown): RegExp {
  const flags = typeof options === 'string' ? options : '';
  if (/[^ims]/.test(flags)) throw new TypeError(`$options "${flags}" is not supported (use i, m, s).`);
  if (pattern instanceof RegExp)
    return new RegExp(pattern.source, [...new Set(pattern.flags + flags)].join(''));
  if (typeof pattern === 'string') return new RegExp(pattern, flags);
  throw new TypeError('$regex needs a string or a RegExp.');
}

/**
 * The conjunction of `parts`, as flat as possible. nedb looks for an index only among the top-level
 * fields of a query, so `{ $and: [{ _id }, { status }] }` would scan every document of the
 * collection on every job event. nedb ANDs top-level fields as well, so parts whose keys do not
 * collide are merged into one object, and only the colliding ones (two conditions on one field, two
 * `$or`s...) stay under `$and`.
 */
function allOf(parts: NedbQuery[]): NedbQuery {
  if (parts.length === 0) return {};
  if (parts.length === 1) return parts[0];
  const merged: NedbQuery = {};
  const colliding: NedbQuery[] = [];
  for (const part of parts) {
    if (Object.keys(part).some((key) => key in merged)) colliding.push(part);
    else Object.assign(merged, part);
  }
  if (colliding.length === 0) return merged;
  if (Array.isArray(merged.$and)) colliding.unshift({ $and: merged.$and });
  return { ...merged, $and: colliding };
}
