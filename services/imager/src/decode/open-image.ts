import { readFile } from 'node:fs/promises';
import { readHeifSequence, sniff } from '@mediakit/media';
import { JobFailure, type JobInput } from '@mediakit/worker';
import sharp, { type Sharp } from 'sharp';
import { openAvif } from './avif.ts';
import { decodeBmp } from './bmp.ts';
import { noteToneMapped } from './hdr.ts';
import { decodeHeic } from './heic.ts';
import { profileFor, sharpFromTaggedRaw } from './icc-tag.ts';
import { decodeIco } from './ico.ts';
import { decodeImageSequence } from './image-sequence.ts';
import { openPng } from './png-gamma.ts';
import { decodePsd } from './psd.ts';
import { checkPixelLimit, sharpFromRaw, UnreadableInput } from './raw-image.ts';
import { openSvg } from './svg.ts';
import { openTiff } from './tiff.ts';

/** Pixels an input may have (width × height, from its header), unless the caller says otherwise. */
export const DEFAULT_LIMIT_INPUT_PIXELS = 100_000_000;

let defaultLimit = DEFAULT_LIMIT_INPUT_PIXELS;

/**
 * Sets the pixel limit of every openImage call that names none: main.ts sets it once at start from
 * MAX_IMAGE_PIXELS, process-wide like sharp's own settings (cache, concurrency, loaders).
 */
export function setDecodePixelLimit(pixels: number): void {
  defaultLimit = pixels;
}

export interface OpenImageOptions {
  limitInputPixels?: number;
}

/** What libvips decodes itself (first page or frame only). */
const LIBVIPS_FORMATS = new Set(['jpg', 'png', 'webp', 'gif']);

/**
 * Every image tool reads its inputs through here: one place decides how a format is decoded and with
 * which safety limits. Only the first page or frame is read.
 *
 * The decoder is chosen by the bytes (sniffed again here, as the files service did at upload), never
 * by the name and not only by the job's record: libvips guesses formats from content itself and also
 * reads SVG, so a file must never reach it unless its content is a format we mean it to read, and an
 * SVG only after svg-sanitize.ts has checked it.
 *
 * - JPEG, PNG, WebP, GIF, AVIF: sharp/libvips; TIFF too, once its layout is known readable (tiff.ts);
 *   an HDR (PQ/HLG) AVIF tone-mapped to sRGB (avif.ts).
 * - SVG: checked and re-serialised, then librsvg (svg.ts).
 * - BMP, ICO, PSD, HEIC: decoded in JS/wasm to raw pixels (bmp.ts, ico.ts, psd.ts, heic.ts), each
 *   checking the header's pixel count against the limit before decoding.
 *
 * Decoders throw libvips-style errors ("bmpload: …", "Input image exceeds pixel limit") that
 * read-errors.ts words for the user; a problem worth its own sentence becomes a JobFailure here:
 * "logo.svg could not be read: it loads an outside resource (…)".
 */
export async function openImage(
  input: Pick<JobInput, 'path' | 'format' | 'name'>,
  options: OpenImageOptions = {},
): Promise<Sharp> {
  const limitInputPixels = options.limitInputPixels ?? defaultLimit;
  const format = (await sniff(input.path))?.format;
  try {
    return await decoderFor(format, input.path, limitInputPixels);
  } catch (error) {
    throw unreadableAsFailure(input.name, error);
  }
}

/** An UnreadableInput as the JobFailure that names the file; any other error unchanged. */
export function unreadableAsFailure(name: string, error: unknown): unknown {
  return error instanceof UnreadableInput
    ? new JobFailure(`${name} could not be read: ${error.message}`, { log: error.message })
    : error;
}

async function decoderFor(
  format: string | undefined,
  path: string,
  limitInputPixels: number,
): Promise<Sharp> {
  // An animated AVIF or HEIF: its first frame, decoded by ffmpeg (image-sequence.ts says why).
  const sequence = format === 'avif' || format === 'heic' ? await readHeifSequence(path) : undefined;
  if (sequence) {
    checkPixelLimit(sequence.width, sequence.height, limitInputPixels);
    const [first] = (await decodeImageSequence(path, sequence, { maxFrames: 1 })).frames;
    return sharpFromRaw(first, limitInputPixels);
  }
  // A PNG's gAMA needs a look before libvips' defaults (png-gamma.ts).
  if (format === 'png') return openPng(path, limitInputPixels);
  if (format && LIBVIPS_FORMATS.has(format)) {
    return sharp(path, { limitInputPixels, failOn: 'error', pages: 1 });
  }
  switch (format) {
    case 'tiff':
      return openTiff(path, limitInputPixels);
    case 'avif':
      return openAvif(path, limitInputPixels);
    case 'svg':
      return openSvg(await readFile(path), limitInputPixels);
    case 'bmp': {
      const bmp = decodeBmp(await readFile(path), limitInputPixels);
      return bmp.kind === 'embedded'
        ? sharp(bmp.data, { limitInputPixels, failOn: 'error' })
        : sharpFromRaw(bmp.raw, limitInputPixels);
    }
    case 'psd': {
      const image = decodePsd(await readFile(path), limitInputPixels);
      return image.kind === 'tiff'
        ? sharp(image.tiff, { limitInputPixels, failOn: 'error' })
        : sharpFromRaw(image.raw, limitInputPixels);
    }
    case 'ico': {
      const icon = decodeIco(await readFile(path), limitInputPixels);
      return icon.kind === 'png'
        ? sharp(icon.png, { limitInputPixels, failOn: 'error' })
        : sharpFromRaw(icon.raw, limitInputPixels);
    }
    case 'heic': {
      const { image, colour, toneMapped } = await decodeHeic(await readFile(path), limitInputPixels);
      const tagged = await sharpFromTaggedRaw(image, await profileFor(colour), limitInputPixels);
      return toneMapped ? noteToneMapped(tagged, toneMapped) : tagged;
    }
    default:
      // Same words libvips uses, so read-errors says "it is not an image format we can read".
      throw new Error('Input file contains unsupported image format');
  }
}
