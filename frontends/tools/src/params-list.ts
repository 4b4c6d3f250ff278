/** One param of a tool, described for people from its JSON Schema. */
export interface ParamDescription {
  name: string;
  title: string;
  required: boolean;
  /** e.g. "a number from 0.25 to 4", "one of: low, medium, high". */
  accepts: string;
  defaultValue?: string;
  description?: string;
}

interface Schema {
  type?: string | string[];
  title?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  default?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
}

const options = (schema: Schema): unknown[] | undefined =>
  schema.enum ?? (schema.anyOf?.every((s) => 'const' in s) ? schema.anyOf.map((s) => s.const) : undefined);

function bounds(schema: Schema): string {
  const low =
    schema.minimum !== undefined
      ? `from ${schema.minimum}`
      : schema.exclusiveMinimum !== undefined
        ? `above ${schema.exclusiveMinimum}`
        : '';
  const high =
    schema.maximum !== undefined
      ? `to ${schema.maximum}`
      : schema.exclusiveMaximum !== undefined
        ? `below ${schema.exclusiveMaximum}`
        : '';
  return [low, high].filter(Boolean).join(' ');
}

export function describeSchema(schema: Schema): string {
  const choices = options(schema);
  if (choices) return `one of: ${choices.map(String).join(', ')}`;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'number':
    case 'integer': {
      const range = bounds(schema);
      return `${type === 'integer' ? 'a whole number' : 'a number'}${range ? ` ${range}` : ''}`;
    }
    case 'string':
      return schema.maxLength !== undefined ? `text, at most ${schema.maxLength} characters` : 'text';
    case 'boolean':
      return 'yes or no';
    case 'array': {
      const count = schema.maxItems !== undefined ? ` (${schema.minItems ?? 0} to ${schema.maxItems})` : '';
      return `a list of ${schema.items ? describeSchema(schema.items) : 'values'}${count}`;
    }
    case 'object':
      return `a group of ${Object.keys(schema.properties ?? {}).join(', ')}`;
    default:
      return 'a value';
  }
}

export function describeParams(params: Record<string, unknown>): ParamDescription[] {
  const schema = params as Schema;
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    title: property.title ?? name,
    required: required.has(name),
    accepts: describeSchema(property),
    defaultValue: property.default === undefined ? undefined : JSON.stringify(property.default),
    description: property.description,
  }));
}
