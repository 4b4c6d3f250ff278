/**
 * Small builders for the params schemas, and the "must be …" phrases validate.ts turns into messages.
 */
import { type TSchema, Type } from 'typebox';

const hints = new WeakMap<object, string>();

/**
 * Gives a field the phrase its error message uses after "<field> must be", e.g. "a size like 1280x720".
 * Register it on the final schema (after Type.Optional), which is the object the params schema holds.
 */
export function hint<T extends TSchema>(schema: T, mustBe: string): T {
  hints.set(schema, mustBe);
  return schema;
}

export function hintOf(schema: object): string | undefined {
  return hints.get(schema);
}

/** A closed object schema: unknown fields are refused. */
export function params<P extends Parameters<typeof Type.Object>[0]>(properties: P) {
  return Type.Object(properties, { additionalProperties: false });
}

export const rotation = () =>
  Type.Enum([0, 90, 180, 270], { title: 'Rotate (degrees clockwise)', default: 90 });
export const flip = () => Type.Enum(['none', 'horizontal', 'vertical'], { title: 'Flip', default: 'none' });

/** Where the part to keep starts, in seconds (trims, GIFs); 0 when left out. */
export const startTime = () =>
  Type.Optional(Type.Number({ title: 'Start (seconds)', minimum: 0, default: 0 }));
/** Where the part to keep ends, in seconds; rules check it against the start and the file's length. */
export const endTime = () => Type.Number({ title: 'End (seconds)', exclusiveMinimum: 0 });

/** Opacity in percent, 0 (invisible) .. 100 (opaque). */
export const opacity = (dflt: number, title = 'Opacity (%)') =>
  Type.Number({ title, minimum: 0, maximum: 100, default: dflt });

/** A pixel offset from the left or top edge. */
export const offset = (title: string) => Type.Integer({ title, minimum: 0, default: 0 });

/** Converter quality: 1..100, optional (the worker picks a good default). */
export const quality = () =>
  Type.Integer({
    title: 'Quality',
    description: 'Higher keeps more detail and makes bigger files.',
    minimum: 1,
    maximum: 100,
  });
