import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_IMAGE_LIMITS } from '@mediakit/catalog';
import { JobFailure } from '@mediakit/worker';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { measureInput } from '../guard.ts';
import { applyPlan, planImageJob } from '../tools/pipeline.ts';
import { openImage } from './open-image.ts';

vi.mock('@mediakit/worker', () => import('@mediakit/worker'));

/**
 * TIFF layouts made by libtiff's tiffcp and ImageMagick (tests/corpus/make/decode.sh): each is read,
 * or refused naming its feature, both where the job first measures the file and where it decodes it.
 */
const run = promisify(execFile);
const DIR = join(import.meta.dirname, '../../../../tests/corpus/files/decode');
const input = (name: string) => ({ path: join(DIR, name), format: 'tiff', name, media: 'image' as const });

async function refusal(name: string): Promise<string[]> {
  const messages: string[] = [];
  for (const step of [() => measureInput(input(name), DEFAULT_IMAGE_LIMITS), () => openImage(input(name))]) {
    const error = await step().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(JobFailure);
    messages.push((error as Error).message);
  }
  return messages;
}

describe('TIFF layouts libvips cannot read are refused by name', () => {
  it.each([
    [
      'tiffcp-tiled-planar.tif',
      /^tiffcp-tiled-planar\.tif could not be read: it is a tiled TIFF with separate colour planes, which we cannot read yet; save it as a regular TIFF/,
    ],
    [
      'im-12bit.tif',
      /could not be read: it is a TIFF with 12 bits per sample, which we cannot read; save it with 8 or 16 bits per sample/,
    ],
    [
      'tiffcp-zstd.tif',
      /could not be read: it is a TIFF with Zstandard \(ZSTD\) compression, which we cannot read; save it with LZW or ZIP/,
    ],
  ])('%s', async (name, sentence) => {
    for (const message of await refusal(name)) expect(message).toMatch(sentence);
  });
});

describe('TIFF layouts that are read', () => {
  /** Mean absolute difference per channel between our PNG and an independent decoder's. */
  async function difference(name: string, reference: string): Promise<number> {
    await measureInput(input(name), DEFAULT_IMAGE_LIMITS);
    const png = await applyPlan(await openImage(input(name)), planImageJob({ format: 'png' })).toBuffer();
    const ours = await sharp(png).removeAlpha().raw().toBuffer();
    // The reference is decoded by ffmpeg, not sharp: PNG → raw RGB.
    const { stdout } = await run(
      'ffmpeg',
      ['-v', 'error', '-i', join(DIR, reference), '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
      { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
    );
    expect(ours.length).toBe(stdout.length);
    let sum = 0;
    for (let i = 0; i < ours.length; i++) sum += Math.abs(ours[i] - stdout[i]);
    return sum / ours.length;
  }

  it.each([
    ['old-style-jpeg.tif', 'old-style-jpeg.ref.png', 3],
    ['im-cielab-16bit.tif', 'im-cielab-16bit.ref.png', 2],
    ['im-cielab-8bit.tif', 'im-cielab-8bit.ref.png', 2],
    ['tiffcp-tiled.tif', 'tiff-plasma.ref.png', 1],
    ['tiffcp-planar-strips.tif', 'tiff-plasma.ref.png', 1],
  ])('%s matches %s', async (name, reference, tolerance) => {
    expect(await difference(name, reference)).toBeLessThanOrEqual(tolerance);
  });
});
