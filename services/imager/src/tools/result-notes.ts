/**
 * The sentences a finished image job shows with its result (Job.notes), for the choices a tool made
 * that the user should know about: a first frame taken, HDR tone-mapped, another format written.
 * Sentences without a file name are the same for every file of a batch, so the job shows them once.
 */
import type { HdrTransfer } from '../decode/hdr.ts';
import { EXTENSION, type OutputFormat, writableAs } from './formats.ts';

/** How a written format is named in a sentence ("JPEG", "WebP"). */
const FORMAT_NAME: Readonly<Record<OutputFormat, string>> = {
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  gif: 'GIF',
  tiff: 'TIFF',
  avif: 'AVIF',
};

/** The output as a file, as users see its extension: "the JPG", "the PNG". */
function theFile(output: OutputFormat): string {
  return `the ${EXTENSION[output].toUpperCase()}`;
}

/** "party.gif is animated (42 frames); the JPG holds its first frame." */
export function firstFrameNote(inputName: string, frames: number, output: OutputFormat): string {
  return `${inputName} is animated (${frames} frames); ${theFile(output)} holds its first frame.`;
}

/** "sunset.avif is HDR (PQ); it was tone-mapped to standard dynamic range for the JPG." */
export function toneMappedNote(inputName: string, transfer: HdrTransfer, output: OutputFormat): string {
  const kind = transfer === 'pq' ? 'PQ' : 'HLG';
  return `${inputName} is HDR (${kind}); it was tone-mapped to standard dynamic range for ${theFile(output)}.`;
}

/**
 * For a tool that keeps the input's format: which format the user gets instead, and why, when the
 * input's own could not be written (formats.ts, animation.ts); undefined when it was kept.
 * `inputFormat` is the MediaInfo short name read from the bytes (heic, bmp, png, ...).
 */
export function otherFormatNote(
  inputFormat: string,
  output: OutputFormat,
  animated = false,
): string | undefined {
  const own = writableAs(inputFormat);
  if (own === output) return undefined;
  const name = inputFormat.toLowerCase() === 'heif' ? 'HEIF' : inputFormat.toUpperCase();
  if (animated) {
    return `We cannot write animated ${name}, so you get an animated ${FORMAT_NAME[output]}, which keeps every frame.`;
  }
  const why =
    output === 'jpeg' ? 'the usual format for photos' : 'which is lossless and keeps any transparency';
  return `We cannot write ${name}, so you get ${FORMAT_NAME[output]}, ${why}.`;
}
