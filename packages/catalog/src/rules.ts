/**
 * Reusable cross-field rules (ParamRule: no input files needed) and input rules (InputRule: need the
 * probed width, height and duration of the inputs). Tools pick the ones they need.
 */
import type { InputInfo, InputRule, ParamIssue, ParamRule } from './types.ts';

/** Reads a dotted path ("crop.width") from params. */
export function getPath(params: Record<string, unknown>, path: string): unknown {
  let cur: unknown = params;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, key)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** 12.5 → "12.5", 3.14159 → "3.142", 10 → "10". */
export function seconds(n: number): string {
  return String(Number(n.toFixed(3)));
}

function list(values: string[]): string {
  if (values.length <= 1) return values.join('');
  return `${values.slice(0, -1).join(', ')} and ${values[values.length - 1]}`;
}

// ---------------------------------------------------------------------------------------------------
// Cross-field rules

/** `end` > `start`; when start is absent it counts as `startDefault`. */
export function endAfterStart(start = 'start', end = 'end', startDefault = 0): ParamRule {
  return (c) => {
    if (!c.valid(end)) return [];
    if (c.has(start) && !c.valid(start)) return [];
    const s = c.has(start) ? (getPath(c.params, start) as number) : startDefault;
    const e = getPath(c.params, end) as number;
    return e > s ? [] : [{ field: end, message: `${end} must be greater than ${start}` }];
  };
}

/** Exactly one of two alternative fields must be given. */
export function exactlyOne(a: string, b: string, neither: string): ParamRule {
  return (c) => {
    if (!c.has(a) && !c.has(b)) return [{ field: a, message: neither }];
    if (c.valid(a) && c.valid(b)) return [{ field: b, message: `Give either ${a} or ${b}, not both` }];
    return [];
  };
}

/** Two alternative fields: either, or neither (the worker's default), never both. */
export function atMostOne(a: string, b: string): ParamRule {
  return (c) =>
    c.valid(a) && c.valid(b) ? [{ field: b, message: `Give either ${a} or ${b}, not both` }] : [];
}

/** At least one of the fields must be given. */
export function atLeastOne(fields: string[], message: string): ParamRule {
  return (c) => (fields.some((f) => c.has(f)) ? [] : [{ field: fields[0], message }]);
}

/** `field` must be present when `when(params)` holds. */
export function requiredWhen(
  field: string,
  when: (p: Record<string, unknown>) => boolean,
  message: string,
): ParamRule {
  return (c) => (when(c.params) && !c.has(field) ? [{ field, message }] : []);
}

// ---------------------------------------------------------------------------------------------------
// Input rules

/** The probed input at `index`, if it has a positive number for `key`. */
function probed(
  inputs: readonly InputInfo[],
  index: number,
  key: 'width' | 'height' | 'duration',
): number | undefined {
  const v = inputs[index]?.[key];
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined;
}

/** A time field (end of a trim) must not pass the end of the input. */
export function withinDuration(field: string, input = 0, what = 'this video'): InputRule {
  return (p, inputs) => {
    const d = probed(inputs, input, 'duration');
    const v = getPath(p, field);
    if (d === undefined || typeof v !== 'number' || v <= d) return [];
    return [{ field, message: `${field} must be at most ${seconds(d)} seconds, the length of ${what}` }];
  };
}

/** A start time must come before the end of the input. */
export function startsBeforeEnd(field: string, input = 0, what = 'the video'): InputRule {
  return (p, inputs) => {
    const d = probed(inputs, input, 'duration');
    const v = getPath(p, field);
    if (d === undefined || typeof v !== 'number' || v < d) return [];
    return [{ field, message: `${field} must be less than ${seconds(d)} seconds, the length of ${what}` }];
  };
}

/** Every time in a list must fall before the end of the input. */
export function timesWithinDuration(field: string, input = 0): InputRule {
  return (p, inputs) => {
    const d = probed(inputs, input, 'duration');
    const v = getPath(p, field);
    if (d === undefined || !Array.isArray(v)) return [];
    const late = v.filter((t): t is number => typeof t === 'number' && t >= d).map(seconds);
    if (late.length === 0) return [];
    const shown = late.length > 5 ? [...late.slice(0, 5), `${late.length - 5} more`] : late;
    return [
      {
        field,
        message: `${field} must all be less than ${seconds(d)} seconds, the length of this video; ${list(shown)} ${late.length === 1 ? 'is' : 'are'} past the end`,
      },
    ];
  };
}

/**
 * A box `{prefix}x, y, width, height` must lie inside the input's frame. With an optional box (pancard
 * crop), nothing is checked when it is absent.
 */
export function boxInsideFrame(prefix = '', input = 0, what = 'crop'): InputRule {
  return (p, inputs) => {
    const W = probed(inputs, input, 'width');
    const H = probed(inputs, input, 'height');
    if (W === undefined || H === undefined) return [];
    const n = (k: string) => getPath(p, prefix + k);
    const [x, y, w, h] = [n('x'), n('y'), n('width'), n('height')];
    if (typeof w !== 'number' || typeof h !== 'number') return [];
    const x0 = typeof x === 'number' ? x : 0;
    const y0 = typeof y === 'number' ? y : 0;
    const frame = `${W}×${H}`;
    const issues: ParamIssue[] = [];
    const axis = (
      pos: number,
      size: number,
      limit: number,
      posName: string,
      sizeName: string,
      dim: string,
    ) => {
      if (pos >= limit) {
        issues.push({
          field: prefix + posName,
          message: `${prefix}${posName} must be less than ${limit}, the ${dim} of the ${frame} frame, so the ${what} starts inside it`,
        });
      } else if (pos + size > limit) {
        issues.push({
          field: prefix + sizeName,
          message: `${prefix}${sizeName} must be at most ${limit - pos} so the ${what} stays inside the ${frame} frame (${prefix}${posName} + ${prefix}${sizeName} ≤ ${limit})`,
        });
      }
    };
    axis(x0, w, W, 'x', 'width', 'width');
    axis(y0, h, H, 'y', 'height', 'height');
    return issues;
  };
}

/** A position `x`, `y` must lie inside the base input's frame (overlays). */
export function pointInsideFrame(input = 0, what = 'base video'): InputRule {
  return (p, inputs) => {
    const issues: ParamIssue[] = [];
    for (const [field, key] of [
      ['x', 'width'],
      ['y', 'height'],
    ] as const) {
      const limit = probed(inputs, input, key);
      const v = getPath(p, field);
      if (limit !== undefined && typeof v === 'number' && v >= limit) {
        issues.push({ field, message: `${field} must be less than ${limit}, the ${key} of the ${what}` });
      }
    }
    return issues;
  };
}
