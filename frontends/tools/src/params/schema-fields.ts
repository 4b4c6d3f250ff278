/**
 * The params form, derived from the tool's JSON Schema (GET /tools/{name} `params`): which control
 * each field gets, its default, and the same checks the server makes, with messages before submit.
 */

export interface JsonSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  default?: unknown;
  examples?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

export type FieldKind = 'choice' | 'select' | 'slider' | 'number' | 'text' | 'list' | 'group' | 'toggle';

export interface Field {
  /** Dotted path in the params object ("crop.width"). */
  path: string;
  label: string;
  /** The unit shown beside the control, taken from the title: "(px)", "(seconds)", "(%)". */
  unit?: string;
  description?: string;
  kind: FieldKind;
  required: boolean;
  schema: JsonSchema;
  options?: unknown[];
  /** Sub-fields of a group (an object param such as pancard's crop). */
  fields?: Field[];
}

/** Form values are kept as the user typed them; params are built from them on submit. */
export type FormValues = Record<string, string>;

const UNIT_RE = /\s*\(([^)]+)\)\s*$/;

export const optionsOf = (schema: JsonSchema): unknown[] | undefined =>
  schema.enum ?? (schema.anyOf?.every((s) => 'const' in s) ? schema.anyOf.map((s) => s.const) : undefined);

const typeOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type[0] : schema.type);

function kindOf(schema: JsonSchema): FieldKind {
  const options = optionsOf(schema);
  if (options) return options.length <= 4 ? 'choice' : 'select';
  switch (typeOf(schema)) {
    case 'number':
    case 'integer':
      // A slider where both ends are known and the range is one a thumb can cover.
      return schema.minimum !== undefined &&
        schema.maximum !== undefined &&
        schema.maximum - schema.minimum <= 1000
        ? 'slider'
        : 'number';
    case 'array':
      return 'list';
    case 'object':
      return 'group';
    case 'boolean':
      return 'toggle';
    default:
      return 'text';
  }
}

/** The fields of an object schema, in the schema's order. */
export function fieldsOf(schema: JsonSchema, prefix = ''): Field[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const title = property.title ?? name;
    const unit = UNIT_RE.exec(title)?.[1];
    const kind = kindOf(property);
    const path = `${prefix}${name}`;
    return {
      path,
      label: unit ? title.replace(UNIT_RE, '') : title,
      unit,
      description: property.description,
      kind,
      required: required.has(name),
      schema: property,
      options: optionsOf(property),
      fields: kind === 'group' ? fieldsOf(property, `${path}.`) : undefined,
    };
  });
}

/** Every leaf field (group members instead of their group). */
export const leaves = (fields: Field[]): Field[] =>
  fields.flatMap((f) => (f.fields ? leaves(f.fields) : [f]));

const show = (value: unknown) => (Array.isArray(value) ? value.join(', ') : String(value));

/** The schema's defaults as form values; fields without one start empty. */
export function defaultValues(fields: Field[]): FormValues {
  const values: FormValues = {};
  for (const field of leaves(fields)) {
    values[field.path] = field.schema.default === undefined ? '' : show(field.schema.default);
  }
  return values;
}

function numberRule(schema: JsonSchema, integer: boolean): string {
  const kind = integer ? (schema.multipleOf === 2 ? 'an even number' : 'a whole number') : 'a number';
  const { minimum: lo, exclusiveMinimum: xlo, maximum: hi } = schema;
  if (lo !== undefined && hi !== undefined) return `${kind} between ${lo} and ${hi}`;
  if (xlo !== undefined && hi !== undefined) return `${kind} greater than ${xlo} and at most ${hi}`;
  if (lo !== undefined) return `${kind}, ${lo} or more`;
  if (xlo !== undefined) return `${kind} greater than ${xlo}`;
  if (hi !== undefined) return `${kind} of at most ${hi}`;
  return kind;
}

function numberProblem(schema: JsonSchema, n: number): boolean {
  const integer = typeOf(schema) === 'integer';
  return (
    !Number.isFinite(n) ||
    (integer && !Number.isInteger(n)) ||
    (schema.minimum !== undefined && n < schema.minimum) ||
    (schema.maximum !== undefined && n > schema.maximum) ||
    (schema.exclusiveMinimum !== undefined && n <= schema.exclusiveMinimum) ||
    (schema.exclusiveMaximum !== undefined && n >= schema.exclusiveMaximum) ||
    (schema.multipleOf !== undefined && n % schema.multipleOf !== 0)
  );
}

/** What a slider shows: where its thumb rests, the words beside it, and whether it can go back to Auto. */
export interface SliderView {
  /** The range input's value (a thumb must rest somewhere, even while nothing is chosen). */
  position: string;
  /** Beside the slider: the number chosen, or "Auto" while an optional field is left to the tool. */
  text: string;
  /** Nothing is chosen and the tool decides (the field is left out of the params). */
  auto: boolean;
  /** A number is chosen for a field that may be left to the tool: offer the way back to Auto. */
  canReset: boolean;
}

/**
 * An optional slider without a default (a converter's quality) is "Auto" until moved: its thumb
 * rests in the middle, dimmed, rather than at the minimum, where it read as "1".
 */
export function sliderView(field: Pick<Field, 'required' | 'schema'>, value: string): SliderView {
  const s = field.schema;
  const optional = !field.required && s.default === undefined;
  if (value !== '') return { position: value, text: value, auto: false, canReset: optional };
  if (optional && s.minimum !== undefined && s.maximum !== undefined) {
    const step = typeOf(s) === 'integer' ? 1 : 0.5;
    const middle = Math.floor((s.minimum + s.maximum) / 2 / step) * step;
    return { position: String(middle), text: 'Auto', auto: true, canReset: false };
  }
  return { position: String(s.default ?? s.minimum ?? 0), text: '–', auto: false, canReset: false };
}

/** What a number field accepts, for hints under the control: "a whole number between 16 and 7680". */
export const numberHint = (schema: JsonSchema) => numberRule(schema, typeOf(schema) === 'integer');

/** Parses one field's text into its value, or says what is wrong with it. */
export function parseField(field: Field, raw: string): { value?: unknown; error?: string } {
  const text = raw.trim();
  const schema = field.schema;
  const name = field.label;
  if (text === '') return field.required ? { error: `${name} is required.` } : {};
  if (field.options) {
    const match = field.options.find((option) => String(option) === text);
    return match === undefined
      ? { error: `${name} must be one of ${field.options.join(', ')}.` }
      : { value: match };
  }
  switch (typeOf(schema)) {
    case 'number':
    case 'integer': {
      const n = Number(text.replace(',', '.'));
      if (numberProblem(schema, n)) return { error: `${name} must be ${numberHint(schema)}.` };
      return { value: n };
    }
    case 'array': {
      const parts = text.split(/[\s,;]+/).filter(Boolean);
      const items = schema.items ?? {};
      const values = parts.map(Number);
      const bad = parts.filter((_, i) => numberProblem(items, values[i]));
      if (bad.length > 0)
        return {
          error: `${name}: ${bad.join(', ')} ${bad.length === 1 ? 'is' : 'are'} not ${numberHint(items)}.`,
        };
      if (schema.minItems !== undefined && values.length < schema.minItems)
        return {
          error: `${name} needs at least ${schema.minItems} value${schema.minItems === 1 ? '' : 's'}.`,
        };
      if (schema.maxItems !== undefined && values.length > schema.maxItems)
        return { error: `${name} takes at most ${schema.maxItems} values.` };
      return { value: values };
    }
    case 'boolean':
      return { value: text === 'true' };
    default: {
      if (schema.maxLength !== undefined && text.length > schema.maxLength)
        return { error: `${name} must be at most ${schema.maxLength} characters (now ${text.length}).` };
      if (schema.pattern && !new RegExp(schema.pattern).test(text)) {
        const example = schema.examples?.[0];
        return { error: `${name} must look like ${example ?? schema.pattern}.` };
      }
      return { value: text };
    }
  }
}

function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let current = target;
  for (const key of keys.slice(0, -1)) {
    current[key] = (current[key] as Record<string, unknown>) ?? {};
    current = current[key] as Record<string, unknown>;
  }
  current[keys[keys.length - 1]] = value;
}

/**
 * Builds the params object from the form, with every field's problem (by path). Fields in `hidden`
 * are left out (the other side of an either/or, a mode's unused fields). An optional group is left
 * out when all its fields are empty, and needs all of them once one is filled.
 */
export function buildParams(
  fields: Field[],
  values: FormValues,
  hidden: ReadonlySet<string> = new Set(),
): { params: Record<string, unknown>; errors: Record<string, string> } {
  const params: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (hidden.has(field.path)) continue;
    if (field.fields) {
      const members = field.fields;
      const anyFilled = members.some((m) => (values[m.path] ?? '').trim() !== '');
      if (!anyFilled && !field.required) continue;
      const inner = buildParams(members, values, hidden);
      Object.assign(errors, inner.errors);
      if (Object.keys(inner.errors).length === 0)
        setPath(params, field.path, getPath(inner.params, field.path));
      continue;
    }
    const { value, error } = parseField(field, values[field.path] ?? '');
    if (error) errors[field.path] = error;
    else if (value !== undefined) setPath(params, field.path, value);
  }
  return { params, errors };
}

function getPath(source: Record<string, unknown>, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], source);
}
