/**
 * compress-image promises a smaller file. When the result is not smaller than the input (an already
 * well-compressed JPEG at a gentler level, a HEIC whose JPEG is bigger, a target above the input's
 * size), the job fails with a sentence that says why and what to try, instead of handing back a
 * bigger "compressed" file. A failure, not a result with a note: the user asked for a smaller file
 * and would otherwise download, and perhaps send, a larger one without noticing.
 */
import { JobFailure } from '@mediakit/worker';
import type { CompressLevel } from './compress-image.ts';
import { kilobytes } from './editing-byte-budget.ts';
import { formatLabel, type OutputFormat } from './formats.ts';

export interface CompressOutcome {
  inputName: string;
  inputBytes: number;
  outputBytes: number;
  /** The format written, and whether it differs from the input's (HEIC → JPEG). */
  format: OutputFormat;
  converted: boolean;
}

/** Throws the sentence when a level's result is not smaller than the input. */
export function checkLevelResult(outcome: CompressOutcome, level: CompressLevel): void {
  if (outcome.outputBytes < outcome.inputBytes) return;
  const { inputName, inputBytes, outputBytes } = outcome;
  const tries =
    level === 'high'
      ? `Try a target size below ${kilobytes(inputBytes)} KB`
      : `Try the high level, or a target size below ${kilobytes(inputBytes)} KB`;
  throw new JobFailure(
    `${inputName} was not compressed: it is already ${kilobytes(inputBytes)} KB and the ${level} level ` +
      `would make it ${kilobytes(outputBytes)} KB${as(outcome)}. ${tries}.`,
  );
}

/** Throws the sentence when a size target's result is not smaller than the input. */
export function checkTargetResult(outcome: CompressOutcome, targetSizeKB: number): void {
  if (outcome.outputBytes < outcome.inputBytes) return;
  const size = kilobytes(outcome.inputBytes);
  throw new JobFailure(
    `${outcome.inputName} was not compressed: it is already ${size} KB, within your ${targetSizeKB} KB ` +
      `target, and a re-encoded copy${as(outcome)} would not be smaller. Choose a target below ${size} KB.`,
  );
}

function as(outcome: CompressOutcome): string {
  return outcome.converted ? ` as a ${formatLabel(outcome.format)}` : '';
}
