import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { phoneJpeg, rawPixels } from '../../test/editing-support.ts';
import { type FakeInput, type FakeJob, fakeJob } from '../../test/support.ts';
import {
  planRotateFlip,
  type RotateFlipParams,
  rotateFlipImage,
  rotateFlipName,
} from './rotate-flip-image.ts';

vi.mock('@mediakit/worker', () => import('@mediakit/worker/types'));

let job: FakeJob<RotateFlipParams> | undefined;
afterEach(async () => {
  await job?.cleanup();
  job = undefined;
});

async function run(params: RotateFlipParams, files: FakeInput[]) {
  job = await fakeJob('rotate-flip-image', params, files);
  return rotateFlipImage(job.ctx);
}

/** 300×200 with a marker: red top-left quarter, green top-right, blue bottom-left, white bottom-right. */
async function quadrants(width = 300, height = 200): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const top = y < height / 2;
      const left = x < width / 2;
      const rgb = top ? (left ? [255, 0, 0] : [0, 255, 0]) : left ? [0, 0, 255] : [255, 255, 255];
      raw.set(rgb, (y * width + x) * 3);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

type Colour = 'red' | 'green' | 'blue' | 'white';
function colourOf([r, g, b]: number[]): Colour | string {
  const hi = (v: number) => v > 200;
  const lo = (v: number) => v < 60;
  if (hi(r) && lo(g) && lo(b)) return 'red';
  if (lo(r) && hi(g) && lo(b)) return 'green';
  if (lo(r) && lo(g) && hi(b)) return 'blue';
  if (hi(r) && hi(g) && hi(b)) return 'white';
  return `${r},${g},${b}`;
}

/** The colours at the four corners: top-left, top-right, bottom-left, bottom-right. */
async function corners(path: string): Promise<string[]> {
  const pixels = await rawPixels(path);
  const { width, height } = pixels.info;
  return [
    pixels.at(5, 5),
    pixels.at(width - 6, 5),
    pixels.at(5, height - 6),
    pixels.at(width - 6, height - 6),
  ].map(colourOf);
}

describe('planRotateFlip', () => {
  it("keeps the format and stores sharp's mirror-before-rotate order", () => {
    expect(planRotateFlip('jpg', { rotate: 90, flip: 'horizontal' })).toMatchObject({
      rotate: 90,
      flip: true,
      output: { format: 'jpeg' },
    });
    expect(planRotateFlip('webp', { rotate: 180, flip: 'vertical' })).toMatchObject({
      rotate: 180,
      flip: true,
      output: { format: 'webp' },
    });
    const none = planRotateFlip('png', { rotate: 0, flip: 'none' });
    expect(none).not.toHaveProperty('rotate');
    expect(none).not.toHaveProperty('flip');
    expect(none).not.toHaveProperty('flop');
  });

  it('names what was done', () => {
    expect(rotateFlipName('a', { rotate: 90, flip: 'none' })).toBe('a-rotated');
    expect(rotateFlipName('a', { rotate: 0, flip: 'vertical' })).toBe('a-flipped');
    expect(rotateFlipName('a', { rotate: 270, flip: 'horizontal' })).toBe('a-rotated-flipped');
  });
});

describe('rotate-flip-image', () => {
  const png = async (): Promise<FakeInput> => ({ name: 'q.png', bytes: await quadrants(), format: 'png' });

  it('90° clockwise swaps the dimensions and moves top-left to top-right', async () => {
    const [out] = await run({ rotate: 90, flip: 'none' }, [await png()]);
    expect(await sharp(out.path).metadata()).toMatchObject({ format: 'png', width: 200, height: 300 });
    expect(await corners(out.path)).toEqual(['blue', 'red', 'white', 'green']);
  });

  it('rotates first, then mirrors: 90° + horizontal', async () => {
    const [out] = await run({ rotate: 90, flip: 'horizontal' }, [await png()]);
    expect(await sharp(out.path).metadata()).toMatchObject({ width: 200, height: 300 });
    expect(await corners(out.path)).toEqual(['red', 'blue', 'green', 'white']);
  });

  it('270° + vertical, 180°, and a mirror alone', async () => {
    const [a] = await run({ rotate: 270, flip: 'vertical' }, [await png()]);
    // 270° cw: [green, white, red, blue]; then top-bottom mirror.
    expect(await corners(a.path)).toEqual(['red', 'blue', 'green', 'white']);
    await job?.cleanup();
    const [b] = await run({ rotate: 180, flip: 'none' }, [await png()]);
    expect(await corners(b.path)).toEqual(['white', 'blue', 'green', 'red']);
    await job?.cleanup();
    const [c] = await run({ rotate: 0, flip: 'horizontal' }, [await png()]);
    expect(await sharp(c.path).metadata()).toMatchObject({ width: 300, height: 200 });
    expect(await corners(c.path)).toEqual(['green', 'red', 'white', 'blue']);
  });

  it('applies EXIF orientation first and writes no EXIF', async () => {
    // Stored 300×200 with orientation 6 (displayed already turned 90° clockwise) → another 90° = 180°.
    const jpg = await phoneJpeg(await quadrants(), 6);
    const [out] = await run({ rotate: 90, flip: 'none' }, [{ name: 'phone.jpg', bytes: jpg, format: 'jpg' }]);
    const meta = await sharp(out.path).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 300, height: 200 });
    expect(meta.exif).toBeUndefined();
    expect(await corners(out.path)).toEqual(['white', 'blue', 'green', 'red']);
  });

  it('does a batch with a progress step per file', async () => {
    const input = await png();
    const outputs = await run({ rotate: 90, flip: 'none' }, [input, input, input, input]);
    expect(outputs.map((o) => o.name)).toEqual([
      'q-rotated.png',
      'q-rotated-2.png',
      'q-rotated-3.png',
      'q-rotated-4.png',
    ]);
    expect(job?.progress).toEqual([25, 50, 75, 100]);
  });
});
