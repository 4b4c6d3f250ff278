import { readFile, stat } from 'node:fs/promises';
import { checkImageLimits, type ImageLimits, type ImageLimitsInput } from '@mediakit/catalog';
import { readHeifSequence, svgSize } from '@mediakit/media';
import {
  guardAllHandlers,
  JobFailure,
  type JobInput,
  refuseInputsOverLimits,
  type ToolContext,
  type ToolHandler,
  type ToolHandlers,
} from '@mediakit/worker';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { readApngHeader } from './decode/apng.ts';
import { unreadableAsFailure } from './decode/open-image.ts';
import { tiffSource } from './decode/tiff.ts';
import { jobBudgetMs } from './limits.ts';
import { inputFailure } from './tools/read-errors.ts';

/**
 * Defence in depth around every image tool (limits.ts says what and why):
 * 1. before a handler starts, each input's local copy is measured again (size, then header) and
 *    held to the image limits: the jobs service checked what the files service recorded at upload,
 *    but this is the file sharp is about to decode;
 * 2. the handler runs against a time budget: its signal aborts when the budget runs out, and the
 *    job fails then with a message saying so, whether or not the handler has stopped.
 */
export function guardHandlers(handlers: ToolHandlers, limits: ImageLimits): ToolHandlers {
  return guardAllHandlers(handlers, limits, guardHandler);
}

export function guardHandler<P>(handler: ToolHandler<P>, limits: ImageLimits): ToolHandler<P> {
  return async (ctx) => {
    const budgetMs = jobBudgetMs(limits, ctx.inputs.length);
    const timeout = AbortSignal.timeout(budgetMs);
    // Cancel and shutdown still come through ctx.signal, with their own reasons for the runtime.
    const signal = AbortSignal.any([ctx.signal, timeout]);
    deadlines.set(signal, Date.now() + budgetMs);
    // A handler left running after the job was answered must not report progress for it any more.
    let answered = false;
    const progress = (percent: number) => {
      if (!answered) ctx.progress(percent);
    };
    const guarded: ToolContext<P> = { ...ctx, signal, progress };

    const work = (async () => {
      await checkInputs(guarded, limits);
      return handler(guarded);
    })();
    // Once the budget is spent the job is answered without `work`; whatever it still does (a
    // libvips call cannot be stopped mid-file) ends later and must not become an unhandled rejection.
    work.catch(() => {});

    let stopWaiting = () => {};
    const outOfTime = new Promise<never>((_, reject) => {
      const onTimeout = () => reject(timeout.reason);
      timeout.addEventListener('abort', onTimeout, { once: true });
      stopWaiting = () => timeout.removeEventListener('abort', onTimeout);
    });
    outOfTime.catch(() => {});
    try {
      return await Promise.race([work, outOfTime]);
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      if (timeout.aborted || isSharpTimeout(error)) throw tookTooLong(ctx.inputs, limits, budgetMs);
      throw error;
    } finally {
      answered = true;
      stopWaiting();
    }
  };
}

/** When each guarded job's time budget ends, by the signal its handler was given. */
const deadlines = new WeakMap<AbortSignal, number>();

/**
 * Gives a sharp pipeline what is left of its job's time budget as sharp's own `timeout`, so libvips
 * itself stops computing when the job is out of time instead of running on after it was given up.
 * Tools call it on the pipeline they write: `boundDecodeTime(applyPlan(image, plan), ctx.signal)`.
 * The clock of sharp's timeout starts when libvips opens the input. A signal that is not from a
 * guarded job leaves the pipeline as it is.
 */
export function boundDecodeTime(image: Sharp, signal: AbortSignal): Sharp {
  const deadline = deadlines.get(signal);
  if (deadline === undefined) return image;
  // Whole seconds, at least one (zero would mean "no timeout"), at most sharp's maximum of an hour.
  const seconds = Math.min(3600, Math.max(1, Math.ceil((deadline - Date.now()) / 1000)));
  return image.timeout({ seconds });
}

/** sharp's timeout error: "timeout: 63% complete" (then libvips' "killed for image" line). */
export function isSharpTimeout(error: unknown): boolean {
  return error instanceof Error && /^timeout: \d+% complete/.test(error.message);
}

function tookTooLong(inputs: readonly JobInput[], limits: ImageLimits, budgetMs: number): JobFailure {
  const perImage = `${limits.decodeTimeoutSeconds} s`;
  const message =
    inputs.length === 1
      ? `${inputs[0].name} took too long to process; the limit is ${perImage} per image.`
      : `These ${inputs.length} images took too long to process; the limit is ${perImage} per image (${budgetMs / 1000} s for the job).`;
  return new JobFailure(message);
}

/** The image limits, held to each input measured from its own header (worker's refuseInputsOverLimits). */
export function checkInputs(
  ctx: Pick<ToolContext<unknown>, 'inputs' | 'signal' | 'log'>,
  limits: ImageLimits,
): Promise<void> {
  return refuseInputsOverLimits(ctx, {
    kind: 'image',
    measure: (input) => measureInput(input, limits),
    check: (measured) => checkImageLimits([measured], limits),
  });
}

/** The formats libvips reads itself; their headers are read again here. */
const LIBVIPS_READS = new Set(['jpg', 'jpeg', 'png', 'webp', 'gif', 'tiff', 'tif', 'avif', 'svg']);

/**
 * What the limits are checked on, read from the file itself: its size always; width, height and
 * frames from the header for the formats libvips reads. A file over the byte limit is not opened
 * at all. Formats decoded outside libvips (BMP, ICO, PSD, HEIC) keep the width and height the
 * files service read from their header at upload; their decoders bound what they decode.
 */
export async function measureInput(
  input: Pick<JobInput, 'name' | 'media' | 'format' | 'path' | 'width' | 'height'>,
  limits: Pick<ImageLimits, 'maxInputBytes'>,
): Promise<ImageLimitsInput> {
  const { size } = await stat(input.path);
  const measured: ImageLimitsInput = { name: input.name, media: input.media, format: input.format, size };
  if (size > limits.maxInputBytes) return measured;
  // An animated AVIF or HEIF is measured from its sequence track (libvips reads only the still).
  if (input.format === 'avif' || input.format === 'heic') {
    const sequence = await readHeifSequence(input.path);
    if (sequence)
      return { ...measured, width: sequence.width, height: sequence.height, frames: sequence.frames };
  }
  if (!LIBVIPS_READS.has(input.format)) return { ...measured, width: input.width, height: input.height };

  // An SVG is measured from its text: nothing reaches librsvg before openImage has checked it.
  if (input.format === 'svg') return { ...measured, ...svgSize(await readFile(input.path)), frames: 1 };

  // A TIFF layout we cannot read is refused by name here, before libvips calls it damaged; 8-bit
  // CIELab, which libvips cannot even measure, is measured from its header.
  if (input.format === 'tiff') {
    const source = await tiffSource(input.path).catch((error: unknown) => {
      throw unreadableAsFailure(input.name, error);
    });
    if (source.kind === 'lab8') return { ...measured, width: source.width, height: source.height, frames: 1 };
  }

  let meta: Metadata;
  try {
    // Headers only, so sharp's own pixel limit is off: the point is to measure, then refuse in words.
    meta = await sharp(input.path, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw inputFailure(input.name, error) ?? error;
  }
  // libvips counts an APNG's default image only; its own header counts the frames.
  const apng = input.format === 'png' ? await readApngHeader(input.path) : undefined;
  return { ...measured, ...displayedSize(meta), frames: apng?.frames ?? meta.pages ?? 1 };
}

/** Width and height of the first page as displayed (EXIF orientation 5–8 swaps them). */
function displayedSize(meta: Metadata): { width?: number; height?: number } {
  if (meta.autoOrient?.width && meta.autoOrient?.height) {
    return { width: meta.autoOrient.width, height: meta.autoOrient.height };
  }
  return { width: meta.width, height: meta.pageHeight ?? meta.height };
}
