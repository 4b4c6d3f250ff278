/**
 * The plan steps the editing tools added to pipeline.ts (extract, mirrors, blur, density, a crop after
 * the resize), as data and as real sharp runs.
 */

import { JobFailure } from '@mediakit/worker';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import {
  CAMERA_AND_GPS_EXIF,
  exifTags,
  IDENTIFYING_EXIF_TAGS,
  IDENTIFYING_IFD0_TAGS,
  jfifDensity,
  pngDpi,
} from '../../test/editing-support.ts';
import { applyPlan, applySteps, mirrorBeforeRotate, planImageJob } from './pipeline.ts';

vi.mock('@mediakit/worker', () => import('@mediakit/worker'));

/** A W×H image whose every pixel is different: [x·40, y·40, 7]. */
async function gridPng(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set([x * 40, y * 40, 7], (y * width + x) * 3);
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

type Grid = { width: number; height: number; at: (x: number, y: number) => string };

async function readGrid(image: Sharp): Promise<Grid> {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    at: (x, y) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)].join(','),
  };
}

/** Reference: rotate clockwise, THEN mirror, computed on coordinates. */
function expected(source: Grid, rotate: 0 | 90 | 180 | 270, flip: 'none' | 'horizontal' | 'vertical'): Grid {
  const quarter = rotate === 90 || rotate === 270;
  const width = quarter ? source.height : source.width;
  const height = quarter ? source.width : source.height;
  const rotated = (x: number, y: number): string => {
    const { width: W, height: H } = source;
    if (rotate === 90) return source.at(y, H - 1 - x);
    if (rotate === 180) return source.at(W - 1 - x, H - 1 - y);
    if (rotate === 270) return source.at(W - 1 - y, x);
    return source.at(x, y);
  };
  return {
    width,
    height,
    at: (x, y) => {
      if (flip === 'horizontal') return rotated(width - 1 - x, y);
      if (flip === 'vertical') return rotated(x, height - 1 - y);
      return rotated(x, y);
    },
  };
}

describe('mirrors and rotation', () => {
  it('turns "rotate then mirror" into sharp\'s mirror-then-rotate', () => {
    expect(mirrorBeforeRotate(90, 'horizontal')).toBe('vertical');
    expect(mirrorBeforeRotate(270, 'vertical')).toBe('horizontal');
    expect(mirrorBeforeRotate(180, 'horizontal')).toBe('horizontal');
    expect(mirrorBeforeRotate(0, 'vertical')).toBe('vertical');
    expect(mirrorBeforeRotate(90, 'none')).toBe('none');
    expect(planImageJob({ format: 'png', rotate: 90, flip: 'horizontal' })).toMatchObject({
      rotate: 90,
      flip: true,
    });
    expect(planImageJob({ format: 'png', rotate: 0, flip: 'horizontal' })).toMatchObject({ flop: true });
    expect(planImageJob({ format: 'png', flip: 'none' })).not.toHaveProperty('flip');
  });

  it('every rotation × mirror gives exactly the pixels of "rotate, then mirror"', async () => {
    const png = await gridPng(3, 2);
    const source = await readGrid(sharp(png));
    for (const rotate of [0, 90, 180, 270] as const) {
      for (const flip of ['none', 'horizontal', 'vertical'] as const) {
        const out = await readGrid(applyPlan(sharp(png), planImageJob({ format: 'png', rotate, flip })));
        const want = expected(source, rotate, flip);
        expect([out.width, out.height], `${rotate} ${flip}`).toEqual([want.width, want.height]);
        for (let y = 0; y < want.height; y++) {
          for (let x = 0; x < want.width; x++)
            expect(out.at(x, y), `${rotate} ${flip} @${x},${y}`).toBe(want.at(x, y));
        }
      }
    }
  });
});

describe('extract', () => {
  it('is plain data and refuses impossible boxes', () => {
    expect(
      planImageJob({ format: 'png', extract: { left: 1, top: 2, width: 3, height: 4 } }).extract,
    ).toEqual({
      left: 1,
      top: 2,
      width: 3,
      height: 4,
    });
    expect(() => planImageJob({ format: 'png', extract: { left: -1, top: 0, width: 1, height: 1 } })).toThrow(
      JobFailure,
    );
    expect(() => planImageJob({ format: 'png', extract: { left: 0, top: 0, width: 0, height: 1 } })).toThrow(
      /at least 1/,
    );
  });

  it('cuts in displayed coordinates: EXIF orientation first', async () => {
    // Stored 4×2, orientation 6 (displayed rotated 90° clockwise: 2×4).
    const stored = await gridPng(4, 2);
    const jpegLossless = await sharp(stored)
      .jpeg({ quality: 100 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const displayed = await readGrid(sharp(jpegLossless).rotate());
    expect([displayed.width, displayed.height]).toEqual([2, 4]);
    const cut = await readGrid(
      applyPlan(
        sharp(jpegLossless),
        planImageJob({ format: 'png', extract: { left: 1, top: 2, width: 1, height: 2 } }),
      ),
    );
    expect([cut.width, cut.height]).toEqual([1, 2]);
    expect(cut.at(0, 0)).toBe(displayed.at(1, 2));
    expect(cut.at(0, 1)).toBe(displayed.at(1, 3));
  });

  it('a crop after the resize works on the resized pixels', async () => {
    const png = await gridPng(4, 4);
    const steps = {
      ...planImageJob({ format: 'png', resize: { width: 8, height: 8, fit: 'fill' } }),
      extractAfterResize: { left: 0, top: 0, width: 3, height: 5 },
    };
    const { info } = await applySteps(sharp(png), steps).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([3, 5]);
  });
});

describe('blur', () => {
  it("is clamped into sharp's range and left out at 0", () => {
    expect(planImageJob({ format: 'jpeg', blur: 0 })).not.toHaveProperty('blur');
    expect(planImageJob({ format: 'jpeg', blur: 0.1 }).blur).toBe(0.3);
    expect(planImageJob({ format: 'jpeg', blur: 2 }).blur).toBe(2);
  });
});

describe('density', () => {
  it("writes 200 DPI into a JPEG and none of the input's EXIF", async () => {
    const input = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#558' } })
      .jpeg()
      .withExif(CAMERA_AND_GPS_EXIF)
      .toBuffer();
    expect(exifTags((await sharp(input).metadata()).exif as Buffer).gps).toBe(true);
    const plan = planImageJob({ format: 'jpeg', density: 200 });
    expect(plan.density).toBe(200);
    const out = await applyPlan(sharp(input), plan).toBuffer();
    const meta = await sharp(out).metadata();
    expect(meta.density).toBe(200);
    // sharp writes no JFIF header here: the density is the EXIF resolution, 200 per inch.
    expect(jfifDensity(out)).toBeUndefined();
    const tags = exifTags(meta.exif as Buffer);
    expect(tags.resolution).toEqual({ x: 200, y: 200, unit: 2 });
    expect(tags.gps).toBe(false);
    for (const tag of IDENTIFYING_IFD0_TAGS) expect(tags.ifd0).not.toContain(tag);
    for (const tag of IDENTIFYING_EXIF_TAGS) expect(tags.exif).not.toContain(tag);
    expect(out.includes('PhoneCorp')).toBe(false);
    expect(out.includes('Jane Roe')).toBe(false);
  });

  it('writes pHYs into a PNG', async () => {
    const input = await gridPng(4, 4);
    const out = await applyPlan(sharp(input), planImageJob({ format: 'png', density: 200 })).toBuffer();
    expect((await sharp(out).metadata()).density).toBe(200);
    expect(pngDpi(out)).toEqual({ x: 200, y: 200 });
  });

  it('refuses a density that is not positive', () => {
    expect(() => planImageJob({ format: 'png', density: 0 })).toThrow(JobFailure);
  });
});
