/**
 * The per-file loop every 1..50-input image tool shares: cancel between files, one progress step per
 * file, unreadable inputs turned into a `JobFailure` naming the file, unique download names.
 */
import { join } from 'node:path';
import type { JobInput, ToolContext, ToolOutput } from '@mediakit/worker';
import { toneMapNote, toneMapping } from '../decode/hdr.ts';
import { frameCount, openAnimation } from '../decode/open-animation.ts';
import { openImage } from '../decode/open-image.ts';
import { boundDecodeTime } from '../guard.ts';
import { animatedFormatFor, writeAnimation } from './animation.ts';
import { baseName, uniqueName } from './names.ts';
import { applyPlan, type ImagePlan } from './pipeline.ts';
import { inputFailure } from './read-errors.ts';
import { firstFrameNote, otherFormatNote, toneMappedNote } from './result-notes.ts';

export interface WrittenImage {
  width: number;
  height: number;
  size: number;
  /** Set when only the first frame of an animation with this many frames was written. */
  firstFrameOf?: number;
  /** Set when every frame of an animation was written as an animation. */
  animated?: boolean;
  /** Set when an HDR input was tone-mapped to SDR (decode/hdr.ts). */
  toneMappedFrom?: 'pq' | 'hlg';
}

/** What the decoder says about an input before any pixel is processed. */
export interface OpenedImage {
  /** Whether the decoded image has an alpha channel (decoders drop one that is fully opaque). */
  hasAlpha: boolean;
}

export interface ImageStep {
  /**
   * Pure: the plan for one input (may throw a `JobFailure` for impossible params). For an animated
   * input of a `keepsAnimation` tool, `input.format` is the animated format to write (animation.ts).
   */
  plan(input: JobInput, opened: OpenedImage): ImagePlan;
  /**
   * Set by the tools that keep the input's format: every frame of an animation is processed, and the
   * job says so when the input's format could not be written (result-notes.ts).
   */
  keepsAnimation?: boolean;
  /**
   * Set by a tool whose user chose an output that holds animations (WebP): every frame is processed
   * as with `keepsAnimation`, without a note about the format, which is the one asked for.
   */
  writesAnimation?: boolean;
  /** The download name without extension, given the input's base name and what was written. */
  name(base: string, written: WrittenImage): string;
}

export async function eachImage<P>(ctx: ToolContext<P>, step: ImageStep): Promise<ToolOutput[]> {
  const { inputs, outDir, signal } = ctx;
  const outputs: ToolOutput[] = [];
  const taken = new Set<string>();
  for (const [i, input] of inputs.entries()) {
    // sharp cannot be interrupted mid-file; one image takes well under a second, so checking between
    // files is what makes cancel prompt enough. throwIfAborted rethrows the signal's reason.
    signal.throwIfAborted();
    let plan: ImagePlan;
    let written: WrittenImage;
    try {
      const animates = step.keepsAnimation || step.writesAnimation;
      const animation = animates ? await openAnimation(input, { signal }) : undefined;
      if (animation) {
        // Animated outputs (GIF, WebP) keep an alpha channel whatever the frames hold.
        plan = step.plan({ ...input, format: animatedFormatFor(input.format) }, { hasAlpha: true });
        written = {
          ...(await writeAnimation(animation, plan, outputPath(outDir, i, plan), signal)),
          animated: true,
        };
      } else {
        const image = await openImage(input);
        const colour = toneMapNote(image);
        if (colour) ctx.log.info({ input: input.fileId, colour }, 'HDR input tone-mapped');
        const mapped = toneMapping(image);
        // The header is enough: the output format may depend on transparency (formats.ts).
        const { hasAlpha = false } = await image.metadata();
        plan = step.plan(input, { hasAlpha });
        written = await boundDecodeTime(applyPlan(image, plan), signal).toFile(outputPath(outDir, i, plan));
        const frames = await frameCount(input);
        if (frames > 1) written.firstFrameOf = frames;
        if (mapped) written.toneMappedFrom = mapped.transfer;
      }
    } catch (error) {
      throw inputFailure(input.name, error) ?? error;
    }
    const path = outputPath(outDir, i, plan);
    const name = uniqueName(`${step.name(baseName(input.name), written)}.${plan.extension}`, taken);
    outputs.push({ path, name, ...noteFor(input, step, plan, written) });
    ctx.log.debug({ input: input.fileId, output: name, bytes: written.size }, 'image written');
    ctx.progress(((i + 1) / inputs.length) * 100);
  }
  return outputs;
}

/** The sentence the job shows for this file, if a choice was made for the user (one per output). */
function noteFor(
  input: JobInput,
  step: ImageStep,
  plan: ImagePlan,
  written: WrittenImage,
): { note?: string } {
  const format = plan.output.format;
  const note =
    (written.firstFrameOf && firstFrameNote(input.name, written.firstFrameOf, format)) ||
    (written.toneMappedFrom && toneMappedNote(input.name, written.toneMappedFrom, format)) ||
    (step.keepsAnimation ? otherFormatNote(input.format, format, written.animated) : undefined);
  return note ? { note } : {};
}

function outputPath(outDir: string, index: number, plan: ImagePlan): string {
  return join(outDir, `${index + 1}.${plan.extension}`);
}
