/**
 * What the imager refuses to take, and how long it may work.
 *
 * Limits on inputs, from the environment (defaults in packages/catalog/src/image-limits.ts):
 * - MAX_IMAGE_PIXELS (100 MP per image or frame), MAX_IMAGE_FRAMES (1000 frames or pages),
 *   MAX_IMAGE_INPUT_BYTES (200 MB). Checked twice: by the jobs service at CreateJob on the width,
 *   height and size the files service read at upload (422 `unprocessable`, nothing queued), and
 *   here by guard.ts on the local copy of each input, before any work: the size from the file
 *   system, then the header read again by sharp (`metadata()` reads headers only, never pixels) for
 *   the formats libvips reads, or the recorded width/height for the formats decoded elsewhere
 *   (BMP, ICO, PSD, HEIC). Frames are only counted here: the upload record does not have them.
 *   A refusal is a JobFailure naming the file and the limit, the same sentence as the 422. The two
 *   services read the same variables and must be given the same values.
 * - Decoding is also bounded per image by openImage (`limitInputPixels`, `failOn: 'error'`,
 *   first page only): its pixel bound is the default 100 MP, so raising MAX_IMAGE_PIXELS above
 *   that does not let larger images through until openImage follows it.
 *
 * Time (IMAGE_DECODE_TIMEOUT_SECONDS, default 60 per input):
 * - Every job gets a wall-clock budget of that many seconds per input (jobBudgetMs). The guard
 *   passes the handler a signal that aborts when it runs out, and fails the job with a JobFailure
 *   saying so instead of waiting for it.
 * - sharp work cannot be interrupted from JavaScript: a libvips call that is running goes on until
 *   it ends, even when the job is given up. Two things bound it all the same: the tools check the
 *   signal between files (each-image.ts), and `boundDecodeTime` (guard.ts) gives a pipeline sharp's
 *   own `timeout`, which libvips checks as it computes and stops at (the error reads "timeout: N%
 *   complete"). Header reads (`metadata()`) have no such timeout, but they read headers only.
 *
 * libvips, process-wide (main.ts): no operation cache (jobs never process the same image twice),
 * one thread per pipeline (two concurrent jobs share the two cores), and only the loaders of the
 * formats the catalog accepts (LIBVIPS_LOADERS): libvips can also open its own .v format, CSV,
 * matrix and raw files, which no upload should ever reach but which are blocked anyway.
 */
import { type ImageLimits, imageLimitsEnv, imageLimitsFromEnv } from '@mediakit/catalog';
import { loadConfig } from '@mediakit/kit';
import type sharp from 'sharp';
import { Type } from 'typebox';

/** The imager's own variables, on top of the worker runtime's (packages/worker env.ts). */
export const imagerLimitsEnv = Type.Object({ ...imageLimitsEnv });

/** The limits from the environment. Throws kit's ConfigError naming each bad variable. */
export function loadImageLimits(env: NodeJS.ProcessEnv = process.env): ImageLimits {
  return imageLimitsFromEnv(loadConfig(imagerLimitsEnv, env));
}

/** How long one job may run: the per-image budget for each input (a batch of 50 gets 50 budgets). */
export function jobBudgetMs(limits: Pick<ImageLimits, 'decodeTimeoutSeconds'>, inputCount: number): number {
  return limits.decodeTimeoutSeconds * 1000 * Math.max(1, inputCount);
}

/**
 * The libvips loaders the imager may use, by class: each name also covers its File, Buffer and
 * Source variants. JPEG (and UltraHDR JPEG, which libvips opens with its own loader), PNG, WebP,
 * TIFF, GIF (libnsgif), SVG (librsvg) and HEIF (AVIF). BMP, ICO, PSD and HEIC are decoded outside
 * libvips and handed to sharp as pixels or PNG, which need no other loader.
 */
export const LIBVIPS_LOADERS = [
  'VipsForeignLoadJpeg',
  'VipsForeignLoadUhdr',
  'VipsForeignLoadPng',
  'VipsForeignLoadWebp',
  'VipsForeignLoadTiff',
  'VipsForeignLoadNsgif',
  'VipsForeignLoadSvg',
  'VipsForeignLoadHeif',
] as const;

/** Blocks every libvips loader but LIBVIPS_LOADERS, for the whole process. */
export function allowOnlyOurLoaders(lib: Pick<typeof sharp, 'block' | 'unblock'>): void {
  lib.block({ operation: ['VipsForeignLoad'] });
  lib.unblock({ operation: [...LIBVIPS_LOADERS] });
}
