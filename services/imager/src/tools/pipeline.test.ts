import { JobFailure } from '@mediakit/worker';
import { describe, expect, it, vi } from 'vitest';
import { compressedFormatOf, sameFormatAs, supportsAlpha } from './formats.ts';
import { baseName, uniqueName } from './names.ts';
import { DEFAULT_LIMIT_INPUT_PIXELS, normaliseQuality, planImageJob } from './pipeline.ts';
import { classifyInputError, inputFailure } from './read-errors.ts';

// The worker package's index also starts the runtime (NATS, storage...), which these unit tests do not
// need and which may be mid-edit: resolve '@mediakit/worker' to its contract module only.
vi.mock('@mediakit/worker', () => import('@mediakit/worker'));

describe('planImageJob', () => {
  it('always auto-orients and normalises to sRGB, with no metadata step', () => {
    const plan = planImageJob({ format: 'png' });
    expect(plan.autoOrient).toBe(true);
    expect(plan.colourspace).toBe('srgb');
    expect(JSON.parse(JSON.stringify(plan))).toEqual(plan); // plain data
    expect(JSON.stringify(plan)).not.toMatch(/metadata|exif|icc/i);
  });

  it('JPEG: quality maps 1:1 (default 90), progressive, no mozjpeg, flattened onto white', () => {
    expect(planImageJob({ format: 'jpeg' })).toMatchObject({
      flatten: { background: '#ffffff' },
      output: { format: 'jpeg', options: { quality: 90, progressive: true, mozjpeg: false } },
      extension: 'jpg',
    });
    expect(planImageJob({ format: 'jpeg', quality: 37 }).output.options).toMatchObject({ quality: 37 });
  });

  it('PNG: lossless, ignores quality, zlib level 6 with adaptive filtering, keeps alpha', () => {
    const plan = planImageJob({ format: 'png', quality: 10 });
    expect(plan.output).toEqual({
      format: 'png',
      options: { compressionLevel: 6, adaptiveFiltering: true, palette: false },
    });
    expect(plan.flatten).toBeUndefined();
    expect(plan.extension).toBe('png');
  });

  it('clamps quality into 1..100', () => {
    expect(normaliseQuality(0)).toBe(1);
    expect(normaliseQuality(250)).toBe(100);
    expect(normaliseQuality(55.4)).toBe(55);
    expect(normaliseQuality(Number.NaN)).toBe(90);
  });

  it('contain letterboxes transparent with alpha, white for JPEG', () => {
    const png = planImageJob({ format: 'png', resize: { width: 400, height: 300, fit: 'contain' } });
    expect(png.resize).toEqual({
      width: 400,
      height: 300,
      fit: 'contain',
      background: { r: 0, g: 0, b: 0, alpha: 0 },
      withoutEnlargement: false,
    });
    const jpg = planImageJob({ format: 'jpeg', resize: { width: 400, height: 300, fit: 'contain' } });
    expect(jpg.resize?.background).toEqual({ r: 255, g: 255, b: 255, alpha: 1 });
  });

  it('cover and fill fill the box; inside never enlarges', () => {
    for (const fit of ['cover', 'fill'] as const) {
      expect(planImageJob({ format: 'webp', resize: { width: 10, height: 10, fit } }).resize).toMatchObject({
        fit,
        withoutEnlargement: false,
      });
    }
    const inside = planImageJob({ format: 'png', resize: { width: 400, fit: 'inside' } }).resize;
    expect(inside).toMatchObject({ width: 400, fit: 'inside', withoutEnlargement: true });
    expect(inside).not.toHaveProperty('height');
  });

  it('refuses impossible or oversized resizes with a JobFailure', () => {
    expect(() => planImageJob({ format: 'png', resize: { fit: 'cover' } })).toThrow(JobFailure);
    expect(() => planImageJob({ format: 'png', resize: { width: 0, fit: 'cover' } })).toThrow(/at least 1/);
    expect(() =>
      planImageJob({ format: 'png', resize: { width: 20_000, height: 20_000, fit: 'fill' } }),
    ).toThrow(/at most 100 megapixels/);
    expect(() =>
      planImageJob({ format: 'webp', resize: { width: 20_000, height: 10, fit: 'fill' } }),
    ).toThrow(/WEBP images can be at most 16383/);
    // One side given: the other is estimated from the input's aspect ratio.
    expect(() =>
      planImageJob({
        format: 'png',
        resize: { width: 30_000, fit: 'contain' },
        inputSize: { width: 1000, height: 1000 },
      }),
    ).toThrow(/megapixels/);
    // inside never enlarges, so any box is fine.
    expect(() =>
      planImageJob({ format: 'png', resize: { width: 90_000, height: 90_000, fit: 'inside' } }),
    ).not.toThrow();
  });
});

describe('formats', () => {
  it('keeps writable formats, turns an opaque HEIC photo into JPEG and the others into PNG', () => {
    expect(sameFormatAs('jpg')).toBe('jpeg');
    expect(sameFormatAs('png')).toBe('png');
    expect(sameFormatAs('webp')).toBe('webp');
    expect(sameFormatAs('tif')).toBe('tiff');
    for (const unwritable of ['bmp', 'ico', 'psd', 'svg']) {
      expect(sameFormatAs(unwritable, false)).toBe('png');
      expect(sameFormatAs(unwritable, true)).toBe('png');
    }
    expect(sameFormatAs('heic', false)).toBe('jpeg');
    expect(sameFormatAs('heic', true)).toBe('png');
    expect(compressedFormatOf('heic', false)).toBe('jpeg');
    expect(compressedFormatOf('bmp', false)).toBe('jpeg');
    expect(compressedFormatOf('svg', true)).toBe('png');
    expect(compressedFormatOf('webp', true)).toBe('webp');
    expect(supportsAlpha('jpeg')).toBe(false);
    expect(supportsAlpha('webp')).toBe(true);
  });
});

describe('names', () => {
  it('strips the extension, folders and control characters', () => {
    expect(baseName('holiday.final.PNG')).toBe('holiday.final');
    expect(baseName('../../etc/passwd')).toBe('passwd');
    expect(baseName('C:\\photos\\cat.jpg')).toBe('cat');
    expect(baseName('.png')).toBe('.png');
    expect(baseName('\u0000')).toBe('image');
  });

  it('makes names unique within a job', () => {
    const taken = new Set<string>();
    expect(uniqueName('photo.jpg', taken)).toBe('photo.jpg');
    expect(uniqueName('Photo.jpg', taken)).toBe('Photo-2.jpg');
    expect(uniqueName('photo.jpg', taken)).toBe('photo-3.jpg');
  });
});

describe('read errors', () => {
  it('recognises input problems from libvips messages', () => {
    const problem = (m: string) => classifyInputError(new Error(m))?.problem;
    expect(problem('Input image exceeds pixel limit')).toBe(
      `the image has more than ${DEFAULT_LIMIT_INPUT_PIXELS / 1e6} megapixels`,
    );
    expect(problem('Input file contains unsupported image format')).toMatch(/not an image format/);
    expect(problem('Input file has corrupt header: gifload: Unexpected end of GIF source data')).toMatch(
      /damaged/,
    );
    expect(
      problem('VipsJpeg: premature end of JPEG image\nvips2png: unable to write to target /x.png'),
    ).toMatch(/damaged/);
    expect(problem('vipspng: libpng read error\nvips2png: unable to write to target /x.png')).toMatch(
      /damaged/,
    );
    expect(problem('tiff2vips: unexpected end of data')).toMatch(/damaged/);
    expect(problem('webpload: unable to parse image')).toMatch(/damaged/);
    expect(classifyInputError(new Error('Processed image is too large for the WebP format'))).toEqual({
      stage: 'convert',
      problem: 'the image is too large for WEBP',
    });
  });

  it('leaves our own failures alone so they are retried', () => {
    expect(classifyInputError(new Error('Input file is missing: /tmp/x'))).toBeUndefined();
    expect(
      classifyInputError(
        new Error('/out/1.png: unable to open for write\nsystem error: No space left on device'),
      ),
    ).toBeUndefined();
    expect(classifyInputError(new Error('vips2png: unable to write to target /out/1.png'))).toBeUndefined();
    expect(classifyInputError(new Error('vips2jpeg: unable to write to target /out/1.jpg'))).toBeUndefined();
    expect(classifyInputError(new Error('/out/1.png: bad things'))).toBeUndefined();
    expect(classifyInputError(new Error('something else entirely'))).toBeUndefined();
  });

  it('names the input in the failure', () => {
    const failure = inputFailure('photo.png', new Error('Input image exceeds pixel limit'));
    expect(failure).toBeInstanceOf(JobFailure);
    expect(failure?.message).toBe('photo.png could not be read: the image has more than 100 megapixels');
    expect(failure?.log).toBe('Input image exceeds pixel limit');
  });
});
