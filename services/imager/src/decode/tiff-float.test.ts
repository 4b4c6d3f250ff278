import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { openTiff } from './tiff.ts';

/** Float TIFFs written by ImageMagick, references read by ImageMagick (tests/corpus/make/output.sh). */
const CORPUS = join(import.meta.dirname, '../../../../tests/corpus/files/output');
const LIMIT = 100_000_000;

async function rgb(image: Sharp): Promise<Buffer> {
  return image.toColourspace('srgb').removeAlpha().resize(200, 150, { fit: 'fill' }).raw().toBuffer();
}

function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum / a.length;
}

describe('openTiff', () => {
  it.each(['im-float32-rgb', 'im-float32-grey', 'im-float16-rgb'])(
    '%s: float samples show as ImageMagick shows them, where libvips alone is far off',
    async (name) => {
      const path = join(CORPUS, `${name}.tif`);
      const reference = await rgb(sharp(join(CORPUS, `${name}.ref.png`)));
      expect(meanDifference(await rgb(await openTiff(path, LIMIT)), reference)).toBeLessThan(1.5);
      // libvips' own reading: scRGB (too light) for RGB, unscaled (black) for grey.
      expect(meanDifference(await rgb(sharp(path)), reference)).toBeGreaterThan(20);
    },
  );

  it('hands an integer TIFF to libvips as it is', async () => {
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .tiff()
      .toBuffer();
    const { writeFile, mkdtemp } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = join(await mkdtemp(join(tmpdir(), 'tiff-float-')), 'x.tif');
    await writeFile(path, tiff);
    const image = await openTiff(path, LIMIT);
    expect(await image.metadata()).toMatchObject({ format: 'tiff', depth: 'uchar' });
  });

  it('refuses a float TIFF over the pixel limit before decoding it', async () => {
    const image = await openTiff(join(CORPUS, 'im-float32-rgb.tif'), 100).catch((e: Error) => e);
    expect(String(image)).toMatch(/exceeds pixel limit/i);
  });
});
