/**
 * The per-file loop of the editing tools that need more than one plan per input (read the size first,
 * take the pixels out, search a byte budget): like `eachImage`, it checks for cancel between files, reports
 * one progress step per file, names downloads uniquely and turns unreadable inputs into a `JobFailure`
 * naming the file; the edit itself may return bytes or a pipeline to stream to disk.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JobFailure, type JobInput, type ToolContext, type ToolOutput } from '@mediakit/worker';
import type { Sharp } from 'sharp';
import { boundDecodeTime } from '../guard.ts';
import { baseName, uniqueName } from './names.ts';
import { inputFailure } from './read-errors.ts';

export interface EditedImage {
  /** Encoded bytes, or a pipeline with its output format set. */
  data: Buffer | Sharp;
  /** Without the dot, e.g. "jpg". */
  extension: string;
  /** The download name without extension. */
  name: string;
  /** A sentence the job shows with the result (result-notes.ts), if a choice was made for the user. */
  note?: string;
}

/** `edit` gets the input and its base name ("holiday" for "holiday.JPG"). */
export type Edit = (input: JobInput, base: string) => Promise<EditedImage>;

export async function eachInput<P>(
  ctx: ToolContext<P>,
  edit: Edit,
  inputs: readonly JobInput[] = ctx.inputs,
): Promise<ToolOutput[]> {
  const outputs: ToolOutput[] = [];
  const taken = new Set<string>();
  for (const [i, input] of inputs.entries()) {
    ctx.signal.throwIfAborted();
    let path = '';
    let name = '';
    let note: string | undefined;
    await readingInput(input.name, async () => {
      const edited = await edit(input, baseName(input.name));
      path = join(ctx.outDir, `${i + 1}.${edited.extension}`);
      name = uniqueName(`${edited.name}.${edited.extension}`, taken);
      note = edited.note;
      if (Buffer.isBuffer(edited.data)) await writeFile(path, edited.data);
      else await boundDecodeTime(edited.data, ctx.signal).toFile(path);
    });
    outputs.push(note ? { path, name, note } : { path, name });
    ctx.log.debug({ input: input.fileId, output: name }, 'image written');
    ctx.progress(((i + 1) / inputs.length) * 100);
  }
  return outputs;
}

/**
 * Runs work that decodes `inputName` (sharp decodes lazily, so that is any pipeline that reads it) and
 * turns a decoder error into `<name> could not be read: ...`. Our own JobFailures and cancels pass through;
 * anything else stays a plain error, which the runtime retries.
 */
export async function readingInput<T>(inputName: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof JobFailure) throw error;
    throw inputFailure(inputName, error) ?? error;
  }
}
