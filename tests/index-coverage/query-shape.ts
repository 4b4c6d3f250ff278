/**
 * What a query asks of an index, and whether an index gives it: MongoDB's equality-sort-range rule.
 * A query is served by an index when the index starts with (some of) the query's equality fields
 * and then, if the query sorts, continues with the sort's fields in order (all directions as given,
 * or all reversed), so MongoDB neither scans the collection nor sorts in memory. Without equality
 * fields the index must start with the sort, or with a range field when nothing is sorted.
 */

export type IndexFields = [field: string, direction: number][];

export interface QueryShape {
  /** Fields compared for equality (`{ a: 1 }`, `$eq`, `$in`). */
  eq: string[];
  /** Fields with a range (`$gt`, `$lte`...). */
  range: string[];
  /** `$or` branches: when the rest of the filter picks no index, each branch must be served. */
  or: QueryShape[][];
  sort: IndexFields;
}

const EQUALITY = new Set(['$eq', '$in']);
const RANGE = new Set(['$gt', '$gte', '$lt', '$lte']);

/** The shape of a filter and sort, without their values (what a recorded query log keeps). */
export function queryShape(filter: Record<string, unknown>, sort: Record<string, number> = {}): QueryShape {
  const shape: QueryShape = { eq: [], range: [], or: [], sort: Object.entries(sort) };
  addFilter(shape, filter);
  shape.eq = [...new Set(shape.eq)].sort();
  shape.range = [...new Set(shape.range)].sort();
  return shape;
}

function addFilter(shape: QueryShape, filter: Record<string, unknown>): void {
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(condition)) {
      for (const part of condition) addFilter(shape, part as Record<string, unknown>);
    } else if (key === '$or' && Array.isArray(condition)) {
      shape.or.push(condition.map((part) => queryShape(part as Record<string, unknown>)));
    } else if (key === '$text') {
      shape.eq.push('$text'); // a text index is recorded as the field `$text`
    } else if (!key.startsWith('$')) {
      const operators = isOperatorObject(condition) ? Object.keys(condition) : ['$eq'];
      if (operators.some((operator) => EQUALITY.has(operator))) shape.eq.push(key);
      else if (operators.some((operator) => RANGE.has(operator))) shape.range.push(key);
      // $exists, $ne, $nin, $regex, $not: MongoDB filters these after the index, if any.
    }
  }
}

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    !(value instanceof RegExp) &&
    Object.keys(value).some((key) => key.startsWith('$'))
  );
}

/** Whether some index serves the query (the `_id` index always exists). */
export function isServed(shape: QueryShape, indexes: readonly IndexFields[]): boolean {
  const all: IndexFields[] = [[['_id', 1]], ...indexes];
  if (all.some((index) => serves(index, shape))) return true;
  // The rest picks no index, so MongoDB serves each $or branch (with the rest) by an index of its own.
  if (shape.sort.length > 0 || shape.or.length === 0) return false;
  return shape.or.every((branches) =>
    branches.every((branch) =>
      isServed(
        { ...branch, eq: [...shape.eq, ...branch.eq], range: [...shape.range, ...branch.range] },
        indexes,
      ),
    ),
  );
}

function serves(index: IndexFields, shape: QueryShape): boolean {
  let at = 0;
  while (at < index.length && shape.eq.includes(index[at]?.[0] as string)) at += 1;
  // An index that skips every equality field would walk the whole collection.
  if (shape.eq.length > 0 && at === 0) return false;
  const sort = shape.sort.filter(([field]) => !shape.eq.includes(field));
  if (sort.length > 0) {
    const rest = index.slice(at, at + sort.length);
    if (rest.length < sort.length || rest.some(([field], i) => field !== sort[i]?.[0])) return false;
    const same = rest.every(([, direction], i) => direction === sort[i]?.[1]);
    const reversed = rest.every(([, direction], i) => direction === -(sort[i]?.[1] as number));
    return same || reversed;
  }
  if (at > 0) return true;
  const first = index[0]?.[0] as string;
  // Nothing to narrow by (`find({})` without a sort) needs no index.
  if (shape.eq.length === 0 && shape.range.length === 0) return shape.or.length === 0;
  return shape.range.includes(first);
}
