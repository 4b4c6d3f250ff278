/**
 * Tell a bad input apart from our own failure.
 *
 * A bad input must become a `JobFailure` (fails at once, with a message for the user); anything else
 * stays a plain error so the runtime retries it. sharp/libvips only give us message text, so we match
 * the messages of its loaders. The first line is the cause: a failed decode inside `toFile` also
 * appends "unable to write to target", which must not be mistaken for a disk problem, and a real disk
 * problem starts with the write error itself.
 */
import { JobFailure } from '@mediakit/worker';
import { DEFAULT_LIMIT_INPUT_PIXELS } from './pipeline.ts';

/** OS-level I/O (disk full, a missing temp copy) and encoder failures are ours: retry them. */
const OURS = /^Input file is missing|system error|unable to (?:open for )?write|write error|save/i;

/**
 * Whether a line comes from a libvips loader: "VipsJpeg: premature end...", "vipspng: libpng read error",
 * "gifload: ...", "tiff2vips: ...". Savers are named "vips2png" etc. Only the leading "domain:" is looked
 * at, so a path such as "/out/1.png: ..." never counts.
 */
function fromLoader(line: string): boolean {
  const domain = /^([A-Za-z0-9_]+):/.exec(line)?.[1];
  if (!domain || /^vips2|save/i.test(domain)) return false;
  return /load|2vips|^vips/i.test(domain);
}

export type InputProblem = { stage: 'read' | 'convert'; problem: string };

/** What is wrong with the input, or undefined when the error is not about the input's content. */
export function classifyInputError(
  error: unknown,
  limitInputPixels = DEFAULT_LIMIT_INPUT_PIXELS,
): InputProblem | undefined {
  const first = messageOf(error).split('\n', 1)[0] ?? '';
  if (OURS.test(first)) return undefined;
  if (/exceeds pixel limit/i.test(first)) {
    return { stage: 'read', problem: `the image has more than ${megapixels(limitInputPixels)} megapixels` };
  }
  if (/unsupported image format/i.test(first)) {
    return { stage: 'read', problem: 'it is not an image format we can read' };
  }
  const tooLarge = /too large for the (\w+) format/i.exec(first);
  if (tooLarge) {
    return { stage: 'convert', problem: `the image is too large for ${tooLarge[1].toUpperCase()}` };
  }
  if (/^Input (?:file|buffer) has corrupt header/i.test(first) || fromLoader(first)) {
    return { stage: 'read', problem: 'the file is damaged or incomplete' };
  }
  return undefined;
}

/**
 * `photo.png could not be read: the image has more than 100 megapixels`, keeping libvips' own text for
 * the job log; undefined when the error is ours (rethrow it).
 */
export function inputFailure(
  inputName: string,
  error: unknown,
  limitInputPixels?: number,
): JobFailure | undefined {
  const found = classifyInputError(error, limitInputPixels);
  if (!found) return undefined;
  const verb = found.stage === 'read' ? 'could not be read' : 'could not be converted';
  return new JobFailure(`${inputName} ${verb}: ${found.problem}`, { log: messageOf(error) });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function megapixels(pixels: number): string {
  const mp = pixels / 1_000_000;
  return Number.isInteger(mp) ? String(mp) : mp.toFixed(1);
}
