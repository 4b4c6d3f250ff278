/**
 * Params and input checks with messages a person can act on: every failing field at once, each named
 * by its dotted path ("end", "crop.width").
 */
import type { TObject, TSchema } from 'typebox';
import { Compile, type Validator } from 'typebox/compile';
import { Value } from 'typebox/value';
import { converterSourceFormat } from './converters.ts';
import {
  describeFile,
  FORMATS,
  type FormatName,
  formatLabels,
  type Media,
  mediaOfMime,
  normalizeMime,
} from './mime.ts';
import { getPath } from './rules.ts';
import { hintOf } from './schema.ts';
import type { CatalogEntry, InputInfo, ParamContext, ParamIssue } from './types.ts';

// ---------------------------------------------------------------------------------------------------
// Messages from schemas

type SchemaLike = Record<string, unknown>;

function joinList(items: readonly string[], last = 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;
}

/** What a value of this schema has to be, as the end of "<field> must be …". */
export function mustBe(schema: TSchema): string {
  const hinted = hintOf(schema);
  if (hinted) return hinted;
  const s = schema as unknown as SchemaLike;
  if (Array.isArray(s.enum)) return `one of ${s.enum.join(', ')}`;
  if (s.type === 'integer' || s.type === 'number') {
    const kind = s.type === 'number' ? 'a number' : s.multipleOf === 2 ? 'an even number' : 'a whole number';
    const { minimum: lo, exclusiveMinimum: xlo, maximum: hi, exclusiveMaximum: xhi } = s;
    if (lo !== undefined && hi !== undefined) return `${kind} between ${lo} and ${hi}`;
    if (xlo !== undefined && hi !== undefined) return `${kind} greater than ${xlo} and at most ${hi}`;
    if (lo !== undefined && xhi !== undefined) return `${kind} of at least ${lo} and less than ${xhi}`;
    if (lo !== undefined) return `${kind}, ${lo} or more`;
    if (xlo !== undefined) return `${kind} greater than ${xlo}`;
    if (hi !== undefined) return `${kind} of at most ${hi}`;
    if (xhi !== undefined) return `${kind} less than ${xhi}`;
    return kind;
  }
  if (s.type === 'string') {
    if (typeof s.maxLength === 'number') return `text of at most ${s.maxLength} characters`;
    return 'text';
  }
  if (s.type === 'boolean') return 'true or false';
  if (s.type === 'array') {
    const items = s.items as TSchema | undefined;
    const each = items ? `, each ${mustBe(items)}` : '';
    const n = typeof s.maxItems === 'number' ? `at most ${s.maxItems} values` : 'values';
    return `a list of ${n}${each}`;
  }
  if (s.type === 'object' && s.properties) {
    return `an object with ${joinList(Object.keys(s.properties as object))}`;
  }
  return 'a valid value';
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isObjectSchema(s: TSchema): s is TObject {
  const o = s as unknown as SchemaLike;
  return o.type === 'object' && isPlainObject(o.properties);
}

/** Checks an object against a closed object schema field by field; records every failing path. */
function walk(
  schema: TObject,
  value: Record<string, unknown>,
  prefix: string,
  owner: string,
  issues: ParamIssue[],
): void {
  const props = schema.properties as Record<string, TSchema>;
  const names = Object.keys(props);
  const required = new Set<string>((schema.required as string[] | undefined) ?? []);

  for (const key of Object.keys(value)) {
    if (Object.hasOwn(props, key)) continue;
    const takes = names.length === 0 ? 'it takes no parameters' : `it takes ${joinList(names)}`;
    const message = prefix
      ? `${prefix}${key} is not part of ${owner} (${takes})`
      : `${key} is not a parameter of ${owner} (${takes})`;
    issues.push({ field: prefix + key, message });
  }

  for (const key of names) {
    const sub = props[key];
    const path = prefix + key;
    const v = Object.hasOwn(value, key) ? value[key] : undefined;
    if (v === undefined) {
      if (required.has(key)) issues.push({ field: path, message: `${path} is required (${mustBe(sub)})` });
      continue;
    }
    if (isObjectSchema(sub)) {
      if (isPlainObject(v)) walk(sub, v, `${path}.`, path, issues);
      else issues.push({ field: path, message: `${path} must be ${mustBe(sub)}` });
      continue;
    }
    if (!Value.Check(sub, v)) issues.push({ field: path, message: `${path} must be ${mustBe(sub)}` });
  }
}

const validators = new WeakMap<TObject, Validator>();
function validatorFor(schema: TObject): Validator {
  let v = validators.get(schema);
  if (!v) {
    v = Compile(schema) as unknown as Validator;
    validators.set(schema, v);
  }
  return v;
}

// ---------------------------------------------------------------------------------------------------
// Params

export type ValidateResult =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; issues: ParamIssue[] };

/**
 * Applies defaults (to a copy; the argument is never changed), checks the schema and the tool's
 * cross-field rules, and reports every failing field. Missing params (undefined) count as {}.
 */
export function validateParams(e: CatalogEntry, params: unknown): ValidateResult {
  const input = params === undefined ? {} : params;
  if (!isPlainObject(input))
    return { ok: false, issues: [{ field: 'params', message: 'params must be an object' }] };

  const issues: ParamIssue[] = [];
  // A key that cloning would drop (a JSON "__proto__") is still a field the caller sent.
  if (Object.hasOwn(input, '__proto__')) {
    issues.push({ field: '__proto__', message: `__proto__ is not a parameter of ${e.name}` });
  }
  const value = Value.Default(e.params, Value.Clone(input)) as Record<string, unknown>;
  walk(e.params, value, '', e.name, issues);

  const bad = issues.map((i) => i.field);
  const has = (f: string) => getPath(value, f) !== undefined;
  const ctx: ParamContext = {
    params: value,
    has,
    valid: (f) => has(f) && !bad.some((b) => b === f || f.startsWith(`${b}.`) || b.startsWith(`${f}.`)),
  };
  for (const rule of e.rules ?? []) {
    for (const issue of rule(ctx)) {
      if (!issues.some((i) => i.field === issue.field && i.message === issue.message)) issues.push(issue);
    }
  }

  if (issues.length === 0) {
    // Safety net: the field walk covers this schema language, the compiled validator covers JSON Schema.
    const validator = validatorFor(e.params);
    if (!validator.Check(value)) {
      for (const err of validator.Errors(value)) {
        const field = err.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'params';
        issues.push({ field, message: `${field} is not valid: ${err.message}` });
      }
      if (issues.length === 0)
        issues.push({ field: 'params', message: 'params are not valid for this tool' });
    }
  }

  return issues.length ? { ok: false, issues } : { ok: true, value };
}

/**
 * Rules that need the probed inputs, e.g. trim's end ≤ duration or a crop box inside the frame. Takes
 * params that passed validateParams (defaults applied). Checks are skipped where a probe value is missing.
 */
export function validateParamsForInputs(
  e: CatalogEntry,
  params: Record<string, unknown>,
  inputs: readonly InputInfo[],
): ParamIssue[] {
  return (e.inputRules ?? []).flatMap((rule) => rule(params, inputs));
}

// ---------------------------------------------------------------------------------------------------
// Inputs

/** The MIME types input `index` of this entry takes (positional where the inputs have roles). */
export function acceptFor(e: CatalogEntry, index: number): readonly string[] {
  if (!Number.isInteger(index) || index < 0 || index >= e.inputs.max) return [];
  return e.inputs.acceptByPosition?.[index] ?? e.inputs.accept;
}

/** Whether input `index` of this entry may be a file of this MIME type (overlay: 0 video, 1 image). */
export function acceptsMime(e: CatalogEntry, index: number, mime: string): boolean {
  return acceptFor(e, index).includes(normalizeMime(mime));
}

export interface SourceFormat {
  /** Format name as in the converter's name, e.g. "heic", "mpeg-ts". */
  format: FormatName;
  /** Human name, e.g. "HEIC". */
  label: string;
  media: Media;
  mimes: readonly string[];
}

/** What a converter takes, e.g. heic-to-jpg → { format: 'heic', label: 'HEIC', ... }; undefined for tools. */
export function converterSource(e: CatalogEntry): SourceFormat | undefined {
  if (e.kind !== 'converter') return undefined;
  const format = converterSourceFormat(e.name);
  if (!format) return undefined;
  const f = FORMATS[format];
  return { format, label: f.label, media: f.media, mimes: f.mimes };
}

const ORDINALS = ['first', 'second', 'third', 'fourth'];
const PLURAL: Record<Media, string> = { video: 'videos', image: 'images', audio: 'audio files' };

function kindsPhrase(mimes: readonly string[]): string {
  const media = new Set(mimes.map(mediaOfMime));
  const labels = joinList(formatLabels(mimes), 'or');
  if (media.size === 1 && media.has('video')) return `a video (${labels})`;
  if (media.size === 1 && media.has('image')) return `an image (${labels})`;
  if (media.size === 1 && media.has('audio')) return `an audio file (${labels})`;
  return `a file of type ${labels}`;
}

/**
 * The sentence for a 415 when acceptsMime is false, e.g. "This converter takes HEIC images, but this
 * file is a PNG image."
 */
export function mimeMismatchMessage(e: CatalogEntry, index: number, mime: string): string {
  const file = describeFile(mime);
  if (!Number.isInteger(index) || index < 0 || index >= e.inputs.max) {
    return `${e.name} takes at most ${e.inputs.max} file${e.inputs.max === 1 ? '' : 's'}.`;
  }
  const src = converterSource(e);
  // "MOV, 3GP or 3G2": a converter may take a few formats of one family.
  const takes = joinList(formatLabels(acceptFor(e, index)), 'or');
  if (src) return `This converter takes ${takes} ${PLURAL[src.media]}, but this file is ${file}.`;
  const label = e.inputs.labels?.[index];
  const expected = kindsPhrase(acceptFor(e, index));
  if (label) {
    const nth = ORDINALS[index] ?? `number ${index + 1}`;
    return `The ${nth} file (${label.toLowerCase()}) must be ${expected}, but this file is ${file}.`;
  }
  return `This tool takes ${expected.replace(/^an? /, '').replace(/^(video|image|audio file)/, '$1s')}, but this file is ${file}.`;
}
