/**
 * compress-image promises a smaller file. When the result is not smaller than the input (an already
 * well-compressed JPEG at a gentler level, a HEIC whose JPEG is bigger, a target above the input's
 * size), a one-file job fails with a sentence that says why and what to try, instead of handing back
 * a bigger "compressed" file: the user asked for a smaller file and would otherwise download, and
 * perhaps send, a larger one without noticing. In a batch the file is passed through unchanged with
 * that sentence as its note (`keptUnchanged`), so one such file does not sink the other 49.
 */
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { JobFailure, type JobInput } from '@mediakit/worker';
import type { CompressLevel } from './compress-image.ts';
import { kilobytes } from './editing-byte-budget.ts';
import type { EditedImage } from './editing-each-input.ts';
import { formatLabel, type OutputFormat } from './formats.ts';

export interface CompressOutcome {
  inputName: string;
  inputBytes: number;
  outputBytes: number;
  /** The format written, and whether it differs from the input's (HEIC → JPEG). */
  format: OutputFormat;
  converted: boolean;
}

/** compress-image could not make this file smaller; the message says so and what to try. */
export class NotSmaller extends JobFailure {
  constructor(message: string) {
    super(message);
    this.name = 'NotSmaller';
  }
}

/** A batch's file that cannot be made smaller: its own bytes under its own name, with the reason. */
export async function keptUnchanged(input: JobInput, base: string, reason: NotSmaller): Promise<EditedImage> {
  const extension = extname(input.name).slice(1) || input.format;
  return {
    data: await readFile(input.path),
    extension,
    name: base,
    note: `${reason.message} It is in the results unchanged.`,
  };
}

/** Throws the sentence when a level's result is not smaller than the input. */
export function checkLevelResult(outcome: CompressOutcome, level: CompressLevel): void {
  if (outcome.outputBytes < outcome.inputBytes) return;
  const { inputName, inputBytes, outputBytes } = outcome;
  const tries =
    level === 'high'
      ? `Try a target size below ${kilobytes(inputBytes)} KB`
      : `Try the high level, or a target size below ${kilobytes(inputBytes)} KB`;
  throw new NotSmaller(
    `${inputName} was not compressed: it is already ${kilobytes(inputBytes)} KB and the ${level} level ` +
      `would make it ${kilobytes(outputBytes)} KB${as(outcome)}. ${tries}.`,
  );
}

/** Throws the sentence when a size target's result is not smaller than the input. */
export function checkTargetResult(outcome: CompressOutcome, targetSizeKB: number): void {
  if (outcome.outputBytes < outcome.inputBytes) return;
  const size = kilobytes(outcome.inputBytes);
  throw new NotSmaller(
    `${outcome.inputName} was not compressed: it is already ${size} KB, within your ${targetSizeKB} KB ` +
      `target, and a re-encoded copy${as(outcome)} would not be smaller. Choose a target below ${size} KB.`,
  );
}

function as(outcome: CompressOutcome): string {
  return outcome.converted ? ` as a ${formatLabel(outcome.format)}` : '';
}
