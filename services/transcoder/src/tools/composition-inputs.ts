import type { JobInput, ToolContext } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';

/**
 * Still-image formats ffmpeg decodes with its own decoders: the catalog's image inputs for video
 * tools (VIDEO_TOOL_IMAGE_MIMES). HEIC, AVIF, SVG and the like need libraries this worker lacks.
 */
export const FFMPEG_IMAGE_FORMATS: ReadonlySet<string> = new Set([
  'jpg',
  'png',
  'webp',
  'gif',
  'bmp',
  'tiff',
]);

type InputContext = Pick<ToolContext<unknown>, 'tool' | 'inputs'>;
type Kind = 'video' | 'image';

const ordinal = (index: number) => ['first', 'second', 'third'][index] ?? `#${index + 1}`;
const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/**
 * The input at `index` (inputs keep the order the user gave), checked to be of the kind the tool
 * expects there. The catalog already guarantees it; this turns a slip into a clear failure instead
 * of an ffmpeg error about stream specifiers.
 */
export function inputAt(ctx: InputContext, index: number, kind: Kind, role: string): JobInput {
  const input = ctx.inputs[index];
  if (!input)
    throw new JobFailure(`${ctx.tool} needs ${article(role)} ${role} as its ${ordinal(index)} file`);
  checkKind(ctx, input, kind, `as its ${ordinal(index)} file (${role})`);
  return input;
}

/** Every input, all of one kind, between min and max of them. */
export function inputsOf(ctx: InputContext, kind: Kind, min: number, max: number): JobInput[] {
  const { inputs } = ctx;
  if (inputs.length < min || inputs.length > max) {
    throw new JobFailure(`${ctx.tool} takes ${min} to ${max} ${kind}s, but got ${inputs.length}`);
  }
  for (const input of inputs) checkKind(ctx, input, kind, '');
  return inputs;
}

function checkKind(ctx: InputContext, input: JobInput, kind: Kind, where: string): void {
  const needs = `${ctx.tool} needs ${article(kind)} ${kind}${where ? ` ${where}` : ''}`;
  if (input.media !== kind) {
    throw new JobFailure(
      `${needs}, but ${input.name} is ${article(input.media)} ${input.media} (${input.format})`,
    );
  }
  if (kind === 'image' && !FFMPEG_IMAGE_FORMATS.has(input.format)) {
    throw new JobFailure(
      `${needs} in JPG, PNG, WebP, GIF, BMP or TIFF format, but ${input.name} is ${input.format.toUpperCase()}`,
    );
  }
}
