import type { Tool } from '@mediakit/client';
import { UsageError } from './usage.ts';

/** The part of a param's JSON Schema the command line reads. */
interface ParamSchema {
  type?: string;
  enum?: unknown[];
  items?: ParamSchema;
  title?: string;
  description?: string;
  default?: unknown;
}

const TRUE = new Set(['true', 'yes', '1']);
const FALSE = new Set(['false', 'no', '0']);

export const paramsOf = (tool: Tool): Record<string, ParamSchema> =>
  ((tool.params as { properties?: Record<string, ParamSchema> }).properties ?? {}) as Record<
    string,
    ParamSchema
  >;

const isBoolean = (schema: ParamSchema) => schema.type === 'boolean';

/**
 * Rewrites boolean params so parseArgs can read them as strings: `--limit` and `--limit true` are
 * `--limit=true`, `--no-limit` is `--limit=false`.
 */
export function normalizeBooleans(args: string[], tool: Tool): string[] {
  const booleans = new Set(
    Object.entries(paramsOf(tool))
      .filter(([, s]) => isBoolean(s))
      .map(([n]) => n),
  );
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const negated = arg.startsWith('--no-') ? arg.slice(5) : undefined;
    if (negated && booleans.has(negated)) {
      out.push(`--${negated}=false`);
      continue;
    }
    const name = arg.startsWith('--') && !arg.includes('=') ? arg.slice(2) : undefined;
    if (name && booleans.has(name)) {
      const next = args[i + 1]?.toLowerCase();
      const value = next !== undefined && (TRUE.has(next) || FALSE.has(next)) ? next : undefined;
      out.push(`--${name}=${value ?? 'true'}`);
      if (value !== undefined) i++;
      continue;
    }
    out.push(arg);
  }
  return out;
}

/** parseArgs options for a tool's params: all strings, coerced by coerceParams. */
export function paramOptions(tool: Tool): Record<string, { type: 'string' }> {
  return Object.fromEntries(Object.keys(paramsOf(tool)).map((name) => [name, { type: 'string' as const }]));
}

/** One value as its schema wants it: numbers and booleans from their text, lists split on commas, objects as JSON. */
function coerce(name: string, text: string, schema: ParamSchema, command: string): unknown {
  const numeric =
    schema.type === 'number' ||
    schema.type === 'integer' ||
    schema.enum?.every((value) => typeof value === 'number');
  if (numeric) {
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value))
      throw new UsageError(`--${name} takes a number, not "${text}".`, command);
    return value;
  }
  if (isBoolean(schema)) {
    const lower = text.toLowerCase();
    if (TRUE.has(lower)) return true;
    if (FALSE.has(lower)) return false;
    throw new UsageError(`--${name} is true or false, not "${text}".`, command);
  }
  if (schema.type === 'array') {
    return text.split(',').map((item) => coerce(name, item.trim(), schema.items ?? {}, command));
  }
  if (schema.type === 'object') {
    try {
      return JSON.parse(text);
    } catch {
      throw new UsageError(
        `--${name} takes JSON, like --${name} '{"x":0,"y":0,"width":100,"height":100}'.`,
        command,
      );
    }
  }
  return text;
}

/** The params object of a job from the parsed flags (only those given: the server fills defaults). */
export function coerceParams(
  tool: Tool,
  values: Record<string, unknown>,
  command: string,
): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(paramsOf(tool))) {
    const text = values[name];
    if (typeof text === 'string') params[name] = coerce(name, text, schema, command);
  }
  return params;
}

/** `--start <number>  Start (seconds), default 0` lines for `mediakit run <tool> --help`. */
export function describeParams(tool: Tool): string {
  const lines = Object.entries(paramsOf(tool)).map(([name, schema]) => {
    const kind = schema.enum
      ? schema.enum.join('|')
      : isBoolean(schema)
        ? 'true|false'
        : schema.type === 'array'
          ? `${schema.items?.type ?? 'value'},...`
          : schema.type === 'object'
            ? 'json'
            : (schema.type ?? 'value');
    const about = [schema.title, schema.description].filter(Boolean).join(': ');
    const fallback = schema.default === undefined ? '' : ` (default ${JSON.stringify(schema.default)})`;
    return `  --${name} <${kind}>  ${about}${fallback}`;
  });
  return lines.length > 0 ? lines.join('\n') : '  (no params)';
}
