import { describe, expect, it } from 'vitest';
import {
  type CatalogEntry,
  catalog,
  getEntry,
  type ParamIssue,
  validateParams,
  validateParamsForInputs,
} from './index.ts';

const entry = (name: string): CatalogEntry => {
  const e = getEntry(name);
  if (!e) throw new Error(`no entry ${name}`);
  return e;
};

/** The value of a passing validation; fails the test otherwise. */
function ok(name: string, params: unknown): Record<string, unknown> {
  const r = validateParams(entry(name), params);
  if (!r.ok) throw new Error(`${name} ${JSON.stringify(params)}: ${JSON.stringify(r.issues)}`);
  return r.value;
}

/** The issues of a failing validation; fails the test otherwise. */
function issues(name: string, params: unknown): ParamIssue[] {
  const r = validateParams(entry(name), params);
  if (r.ok) throw new Error(`${name} ${JSON.stringify(params)} passed: ${JSON.stringify(r.value)}`);
  return r.issues;
}

const fields = (name: string, params: unknown) => issues(name, params).map((i) => i.field);

describe('validateParams: shape', () => {
  it('applies defaults to a copy and leaves the argument alone', () => {
    const p = { end: 4 };
    expect(ok('trim-video', p)).toEqual({ start: 0, end: 4 });
    expect(p).toEqual({ end: 4 });
    const crop = { crop: { x: 1, y: 2, width: 30, height: 40 } };
    const v = ok('pancard-photo-resizer', crop);
    expect(v.crop).not.toBe(crop.crop);
    expect(ok('rotate-flip-image', {})).toEqual({ rotate: 90, flip: 'none' });
    expect(ok('add-logo-or-watermark-to-video', {})).toEqual({
      position: 'bottom-right',
      scale: 15,
      opacity: 100,
      margin: 20,
    });
    expect(ok('video-frame-extractor', { interval: 2 })).toEqual({
      mode: 'interval',
      interval: 2,
      format: 'jpg',
    });
    expect(ok('resize-image', { width: 100 })).toEqual({ width: 100, fit: 'inside', format: 'keep' });
    expect(ok('png-to-jpg', {})).toEqual({});
    expect(ok('png-to-jpg', { quality: 80 })).toEqual({ quality: 80 });
  });

  it('takes missing params as {} and refuses anything that is not an object', () => {
    expect(ok('reverse-video', undefined)).toEqual({});
    for (const p of [null, 5, 'x', [1]]) {
      expect(issues('reverse-video', p)).toEqual([{ field: 'params', message: 'params must be an object' }]);
    }
  });

  it('refuses unknown params, naming each', () => {
    expect(issues('trim-video', { end: 3, foo: 1 })).toEqual([
      { field: 'foo', message: 'foo is not a parameter of trim-video (it takes start and end)' },
    ]);
    expect(fields('reverse-video', { a: 1, b: 2 })).toEqual(['a', 'b']);
    expect(issues('reverse-video', { a: 1 })[0].message).toMatch(/takes no parameters/);
    expect(fields('png-to-jpg', { quality: 50, width: 3 })).toEqual(['width']);
    expect(fields('pancard-photo-resizer', { crop: { x: 0, y: 0, width: 9, height: 9, z: 1 } })).toEqual([
      'crop.z',
    ]);
    expect(fields('trim-video', JSON.parse('{"end": 3, "__proto__": {"x": 1}}'))).toEqual(['__proto__']);
  });

  it('reports every failing field at once', () => {
    const got = issues('resize-video', { width: 17, height: 8000, fit: 'stretch', extra: true });
    expect(got).toEqual(
      expect.arrayContaining([
        { field: 'extra', message: expect.stringContaining('extra is not a parameter of resize-video') },
        { field: 'width', message: 'width must be an even number between 16 and 7680' },
        { field: 'height', message: 'height must be an even number between 16 and 7680' },
        { field: 'fit', message: 'fit must be one of contain, cover, fill' },
      ]),
    );
    expect(got).toHaveLength(4);
    // Schema failures and cross-field rules together.
    expect(fields('overlay-image-on-video', { opacity: 101, x: -1, start: 5, end: 2 }).sort()).toEqual([
      'end',
      'opacity',
      'x',
    ]);
  });

  it('names a missing required field and what it must be', () => {
    expect(issues('trim-video', {})).toEqual([
      { field: 'end', message: 'end is required (a number greater than 0)' },
    ]);
    expect(fields('resize-video', {})).toEqual(['width', 'height']);
    expect(fields('crop-image', { x: 1 })).toEqual(['width', 'height']);
    expect(issues('pancard-photo-resizer', { crop: { x: 1, y: 1 } })).toEqual([
      {
        field: 'crop.width',
        message: expect.stringMatching(/^crop.width is required \(a whole number between 1 and/),
      },
      { field: 'crop.height', message: expect.stringMatching(/^crop.height is required/) },
    ]);
    expect(issues('pancard-photo-resizer', { crop: 'center' })).toEqual([
      { field: 'crop', message: 'crop must be an object with x, y, width and height' },
    ]);
  });

  it('does not coerce types', () => {
    expect(issues('change-video-framerate', { fps: '30' })).toEqual([
      { field: 'fps', message: 'fps must be a number between 1 and 120' },
    ]);
    expect(fields('loop-video', { count: 2.5 })).toEqual(['count']);
  });
});

describe('validateParams: video tools', () => {
  it('trim-video: start ≥ 0, end > start', () => {
    expect(ok('trim-video', { start: 1.5, end: 3.25 })).toEqual({ start: 1.5, end: 3.25 });
    expect(issues('trim-video', { start: 5, end: 2 })).toEqual([
      { field: 'end', message: 'end must be greater than start' },
    ]);
    expect(issues('trim-video', { start: 2, end: 2 })).toEqual([
      { field: 'end', message: 'end must be greater than start' },
    ]);
    expect(issues('trim-video', { start: -1, end: 2 })).toEqual([
      { field: 'start', message: 'start must be a number, 0 or more' },
    ]);
    expect(fields('trim-video', { end: 0 })).toEqual(['end']);
  });

  it('compress-video: a level or a targetSizeMB, not both', () => {
    for (const level of ['low', 'medium', 'high']) expect(ok('compress-video', { level })).toEqual({ level });
    expect(ok('compress-video', { targetSizeMB: 8 })).toEqual({ targetSizeMB: 8 });
    expect(issues('compress-video', { level: 'extreme' })).toEqual([
      { field: 'level', message: 'level must be one of low, medium, high' },
    ]);
    expect(issues('compress-video', {})).toEqual([
      { field: 'level', message: 'Choose a compression level (low, medium or high) or give a targetSizeMB' },
    ]);
    expect(issues('compress-video', { level: 'low', targetSizeMB: 5 })).toEqual([
      { field: 'targetSizeMB', message: 'Give either level or targetSizeMB, not both' },
    ]);
    expect(issues('compress-video', { targetSizeMB: 0 })).toEqual([
      { field: 'targetSizeMB', message: 'targetSizeMB must be a number greater than 0' },
    ]);
  });

  it('resize-video: even sizes 16..7680 and a fit', () => {
    expect(ok('resize-video', { width: 1280, height: 720 })).toEqual({
      width: 1280,
      height: 720,
      fit: 'contain',
    });
    expect(ok('resize-video', { width: 16, height: 7680, fit: 'cover' })).toMatchObject({ fit: 'cover' });
    expect(issues('resize-video', { width: 1281, height: 720 })).toEqual([
      { field: 'width', message: 'width must be an even number between 16 and 7680' },
    ]);
    expect(fields('resize-video', { width: 14, height: 7682 })).toEqual(['width', 'height']);
    expect(fields('resize-video', { width: 100, height: 100, fit: 'inside' })).toEqual(['fit']);
  });

  it('crop-video: integer box', () => {
    expect(ok('crop-video', { width: 640, height: 360 })).toEqual({ x: 0, y: 0, width: 640, height: 360 });
    expect(fields('crop-video', { x: -1, y: 0.5, width: 0, height: 10 })).toEqual(['x', 'y', 'width']);
  });

  it('rotate-flip: 0/90/180/270 and none/horizontal/vertical', () => {
    for (const name of ['rotate-flip-video', 'rotate-flip-image']) {
      expect(ok(name, { rotate: 270, flip: 'vertical' })).toEqual({ rotate: 270, flip: 'vertical' });
      expect(issues(name, { rotate: 45 })).toEqual([
        { field: 'rotate', message: 'rotate must be one of 0, 90, 180, 270' },
      ]);
      expect(issues(name, { flip: 'diagonal' })).toEqual([
        { field: 'flip', message: 'flip must be one of none, horizontal, vertical' },
      ]);
    }
  });

  it('speed-up-down-video: factor 0.25..4', () => {
    expect(ok('speed-up-down-video', { factor: 0.25 })).toEqual({ factor: 0.25 });
    expect(ok('speed-up-down-video', { factor: 4 })).toEqual({ factor: 4 });
    expect(issues('speed-up-down-video', { factor: 4.5 })).toEqual([
      { field: 'factor', message: 'factor must be a number between 0.25 and 4' },
    ]);
    expect(fields('speed-up-down-video', { factor: 0.2 })).toEqual(['factor']);
  });

  it('join-video: optional WxH resolution, even, 16..7680', () => {
    expect(ok('join-video', {})).toEqual({});
    expect(ok('join-video', { resolution: '1920x1080' })).toEqual({ resolution: '1920x1080' });
    for (const resolution of ['1921x1080', '8000x1080', '8x8', 'big', '1920X1080', ' 1920x1080']) {
      expect(issues('join-video', { resolution }), resolution).toEqual([
        {
          field: 'resolution',
          message:
            'resolution must be a size like 1920x1080 (width x height in pixels, each an even number between 16 and 7680)',
        },
      ]);
    }
  });

  it('loop-video: count 2..50', () => {
    expect(ok('loop-video', {})).toEqual({ count: 2 });
    expect(ok('loop-video', { count: 50 })).toEqual({ count: 50 });
    expect(issues('loop-video', { count: 1 })).toEqual([
      { field: 'count', message: 'count must be a whole number between 2 and 50' },
    ]);
    expect(fields('loop-video', { count: 51 })).toEqual(['count']);
  });

  it('overlay-image-on-video: opacity 0..100, end > start', () => {
    expect(ok('overlay-image-on-video', { x: 10, y: 20, width: 200, opacity: 0, start: 1, end: 3 })).toEqual({
      x: 10,
      y: 20,
      width: 200,
      opacity: 0,
      start: 1,
      end: 3,
    });
    expect(ok('overlay-image-on-video', {})).toEqual({ x: 0, y: 0, opacity: 100 });
    expect(issues('overlay-image-on-video', { opacity: 101 })).toEqual([
      { field: 'opacity', message: 'opacity must be a number between 0 and 100' },
    ]);
    expect(issues('overlay-image-on-video', { start: 4, end: 4 })).toEqual([
      { field: 'end', message: 'end must be greater than start' },
    ]);
    expect(ok('overlay-image-on-video', { end: 4 })).toMatchObject({ end: 4 });
  });

  it('overlay-video-on-video: position, width, start', () => {
    expect(ok('overlay-video-on-video', { x: 5, y: 5, width: 320, start: 2 })).toMatchObject({ width: 320 });
    expect(fields('overlay-video-on-video', { start: -1, width: 0 }).sort()).toEqual(['start', 'width']);
  });

  it('add-logo-or-watermark-to-video: position, scale 5..50, opacity 0..100, margin ≥ 0', () => {
    expect(
      ok('add-logo-or-watermark-to-video', { position: 'center', scale: 50, opacity: 0, margin: 0 }),
    ).toMatchObject({
      position: 'center',
    });
    expect(
      issues('add-logo-or-watermark-to-video', { position: 'middle', scale: 4, opacity: 101, margin: -1 }),
    ).toEqual([
      {
        field: 'position',
        message: 'position must be one of top-left, top-right, bottom-left, bottom-right, center',
      },
      { field: 'scale', message: 'scale must be a number between 5 and 50' },
      { field: 'opacity', message: 'opacity must be a number between 0 and 100' },
      { field: 'margin', message: 'margin must be a whole number, 0 or more' },
    ]);
  });

  it('brainrot-creator: layout and a caption of at most 120 characters', () => {
    expect(ok('brainrot-creator', { caption: 'x'.repeat(120) })).toMatchObject({ layout: 'main-top' });
    expect(issues('brainrot-creator', { layout: 'side', caption: 'x'.repeat(121) })).toEqual([
      { field: 'layout', message: 'layout must be one of main-top, main-bottom' },
      { field: 'caption', message: 'caption must be text of at most 120 characters' },
    ]);
  });

  it('convert-image-to-video: resolution and secondsPerImage 0.5..60', () => {
    expect(ok('convert-image-to-video', {})).toEqual({ resolution: '1080p', secondsPerImage: 3 });
    expect(ok('convert-image-to-video', { resolution: '4k', secondsPerImage: 0.5 })).toMatchObject({
      resolution: '4k',
    });
    expect(issues('convert-image-to-video', { resolution: '4K', secondsPerImage: 61 })).toEqual([
      { field: 'resolution', message: 'resolution must be one of 720p, 1080p, 4k' },
      { field: 'secondsPerImage', message: 'secondsPerImage must be a number between 0.5 and 60' },
    ]);
  });

  it('change-video-framerate: fps 1..120, 0 rejected', () => {
    expect(ok('change-video-framerate', { fps: 1 })).toEqual({ fps: 1 });
    expect(ok('change-video-framerate', { fps: 120 })).toEqual({ fps: 120 });
    expect(ok('change-video-framerate', { fps: 29.97 })).toEqual({ fps: 29.97 });
    expect(issues('change-video-framerate', { fps: 0 })).toEqual([
      { field: 'fps', message: 'fps must be a number between 1 and 120' },
    ]);
    expect(fields('change-video-framerate', { fps: 121 })).toEqual(['fps']);
  });

  it('video-frame-extractor: interval for mode interval, times for mode times', () => {
    expect(ok('video-frame-extractor', { mode: 'times', times: [0, 1.5], format: 'png' })).toEqual({
      mode: 'times',
      times: [0, 1.5],
      format: 'png',
    });
    expect(ok('video-frame-extractor', { mode: 'all' })).toEqual({ mode: 'all', format: 'jpg' });
    expect(issues('video-frame-extractor', {})).toEqual([
      {
        field: 'interval',
        message: 'interval is required when mode is interval: give the seconds between frames',
      },
    ]);
    expect(issues('video-frame-extractor', { mode: 'times' })).toEqual([
      { field: 'times', message: 'times is required when mode is times: list at least one time in seconds' },
    ]);
    expect(fields('video-frame-extractor', { mode: 'times', times: [] })).toEqual(['times']);
    expect(issues('video-frame-extractor', { mode: 'times', times: [1, -1] })).toEqual([
      { field: 'times', message: 'times must be a list of 1 to 500 times in seconds, each 0 or more' },
    ]);
    expect(fields('video-frame-extractor', { mode: 'every', interval: 0, format: 'gif' })).toEqual([
      'mode',
      'interval',
      'format',
    ]);
  });

  it('reverse-video: no params', () => {
    expect(ok('reverse-video', {})).toEqual({});
  });
});

describe('validateParams: image tools and converters', () => {
  it('resize-image: width or height, and a fit', () => {
    expect(ok('resize-image', { height: 300, fit: 'cover' })).toEqual({
      height: 300,
      fit: 'cover',
      format: 'keep',
    });
    expect(fields('resize-image', { width: 10, format: 'gif' })).toEqual(['format']);
    expect(issues('resize-image', { fit: 'cover' })).toEqual([
      { field: 'width', message: 'width or height is required: give one of them, or both' },
    ]);
    expect(fields('resize-image', { width: 0, fit: 'stretch' })).toEqual(['width', 'fit']);
  });

  it('compress-image: a level or a targetSizeKB, not both', () => {
    expect(ok('compress-image', { level: 'high' })).toEqual({ level: 'high', format: 'keep' });
    expect(ok('compress-image', { targetSizeKB: 150, format: 'avif' })).toEqual({
      targetSizeKB: 150,
      format: 'avif',
    });
    expect(issues('compress-image', { level: 'max' })).toEqual([
      { field: 'level', message: 'level must be one of high, medium, low' },
    ]);
    expect(fields('compress-image', {})).toEqual(['level']);
    expect(fields('compress-image', { level: 'low', targetSizeKB: 20 })).toEqual(['targetSizeKB']);
  });

  it('WebP and AVIF converters: quality, effort in their own range, lossless without a quality', () => {
    expect(ok('jpg-to-webp', {})).toEqual({ effort: 4, lossless: false });
    expect(ok('gif-to-webp', {})).toEqual({ effort: 4, lossless: true });
    expect(ok('gif-to-webp', { quality: 70, effort: 6, lossless: false })).toEqual({
      quality: 70,
      effort: 6,
      lossless: false,
    });
    expect(ok('png-to-avif', { effort: 9, lossless: true })).toEqual({ effort: 9, lossless: true });
    expect(fields('png-to-webp', { effort: 7 })).toEqual(['effort']);
    expect(fields('png-to-avif', { effort: 10 })).toEqual(['effort']);
    expect(issues('png-to-webp', { quality: 80, lossless: true })).toEqual([
      {
        field: 'quality',
        message: 'quality does not apply to a lossless image: leave it out, or turn lossless off',
      },
    ]);
  });

  it('opacity 0..100 for image transparency and overlays', () => {
    expect(ok('image-transparency', {})).toEqual({ opacity: 50 });
    expect(ok('image-transparency', { opacity: 0 })).toEqual({ opacity: 0 });
    expect(fields('image-transparency', { opacity: 101 })).toEqual(['opacity']);
    expect(fields('overlay-image-on-image', { opacity: -1 })).toEqual(['opacity']);
  });

  it('pancard tools', () => {
    expect(ok('pancard-photo-resizer', {})).toEqual({});
    expect(ok('pancard-signature-resizer', {})).toEqual({ background: 'white' });
    expect(issues('pancard-signature-resizer', { background: 'black' })).toEqual([
      { field: 'background', message: 'background must be one of white, transparent' },
    ]);
  });

  it('converters: quality 1..100', () => {
    for (const e of catalog.filter((x) => x.kind === 'converter' && x.media !== 'audio')) {
      // gif-to-webp is lossless by default: a quality goes with lossless off.
      const lossy = e.name === 'gif-to-webp' ? { lossless: false } : {};
      expect(validateParams(e, { ...lossy, quality: 1 }).ok, e.name).toBe(true);
      expect(validateParams(e, { ...lossy, quality: 100 }).ok, e.name).toBe(true);
      expect(validateParams(e, { ...lossy, quality: 0 }), e.name).toEqual({
        ok: false,
        issues: [{ field: 'quality', message: 'quality must be a whole number between 1 and 100' }],
      });
      expect(validateParams(e, { quality: 101 }).ok, e.name).toBe(false);
    }
  });
});

describe('validateParamsForInputs', () => {
  const video = (width: number, height: number, duration: number) => ({
    media: 'video',
    width,
    height,
    duration,
  });
  const image = (width: number, height: number) => ({ media: 'image', width, height });

  it('trim-video: end ≤ duration, naming the duration', () => {
    const e = entry('trim-video');
    expect(validateParamsForInputs(e, { start: 0, end: 12.5 }, [video(640, 360, 12.5)])).toEqual([]);
    expect(validateParamsForInputs(e, { start: 0, end: 20 }, [video(640, 360, 12.5)])).toEqual([
      { field: 'end', message: 'end must be at most 12.5 seconds, the length of this video' },
    ]);
    // Unknown duration: nothing to check against.
    expect(validateParamsForInputs(e, { start: 0, end: 20 }, [{ media: 'video' }])).toEqual([]);
  });

  it('crop-video and crop-image: the box stays inside the frame', () => {
    for (const [name, input] of [
      ['crop-video', video(1920, 1080, 5)],
      ['crop-image', image(1920, 1080)],
    ] as const) {
      const e = entry(name);
      expect(validateParamsForInputs(e, { x: 0, y: 0, width: 1920, height: 1080 }, [input])).toEqual([]);
      expect(validateParamsForInputs(e, { x: 100, y: 0, width: 1900, height: 100 }, [input])).toEqual([
        {
          field: 'width',
          message:
            'width must be at most 1820 so the crop stays inside the 1920×1080 frame (x + width ≤ 1920)',
        },
      ]);
      expect(
        validateParamsForInputs(e, { x: 1920, y: 1080, width: 10, height: 10 }, [input]).map((i) => i.field),
      ).toEqual(['x', 'y']);
    }
  });

  it('pancard-photo-resizer: an optional crop inside the photo', () => {
    const e = entry('pancard-photo-resizer');
    expect(validateParamsForInputs(e, {}, [image(600, 800)])).toEqual([]);
    expect(
      validateParamsForInputs(e, { crop: { x: 0, y: 0, width: 250, height: 350 } }, [image(600, 800)]),
    ).toEqual([]);
    expect(
      validateParamsForInputs(e, { crop: { x: 0, y: 500, width: 250, height: 350 } }, [image(600, 800)]),
    ).toEqual([
      {
        field: 'crop.height',
        message:
          'crop.height must be at most 300 so the crop stays inside the 600×800 frame (crop.y + crop.height ≤ 800)',
      },
    ]);
  });

  it('overlays: x and y inside the base frame', () => {
    const onVideo = entry('overlay-image-on-video');
    const inputs = [video(1280, 720, 10), image(100, 100)];
    expect(validateParamsForInputs(onVideo, { x: 1279, y: 719, opacity: 100 }, inputs)).toEqual([]);
    expect(validateParamsForInputs(onVideo, { x: 1280, y: 900, opacity: 100 }, inputs)).toEqual([
      { field: 'x', message: 'x must be less than 1280, the width of the video' },
      { field: 'y', message: 'y must be less than 720, the height of the video' },
    ]);
    expect(validateParamsForInputs(onVideo, { x: 0, y: 0, start: 10 }, inputs)).toEqual([
      { field: 'start', message: 'start must be less than 10 seconds, the length of the video' },
    ]);
    expect(
      validateParamsForInputs(entry('overlay-image-on-image'), { x: 0, y: 600 }, [
        image(800, 600),
        image(10, 10),
      ]),
    ).toEqual([{ field: 'y', message: 'y must be less than 600, the height of the base image' }]);
    expect(
      validateParamsForInputs(entry('overlay-video-on-video'), { x: 2000, y: 0 }, [
        video(1920, 1080, 3),
        video(640, 360, 3),
      ]),
    ).toEqual([{ field: 'x', message: 'x must be less than 1920, the width of the base video' }]);
  });

  it('video-frame-extractor: times within the duration', () => {
    const e = entry('video-frame-extractor');
    expect(
      validateParamsForInputs(e, { mode: 'times', times: [0, 9.9], format: 'jpg' }, [video(640, 360, 10)]),
    ).toEqual([]);
    expect(
      validateParamsForInputs(e, { mode: 'times', times: [1, 10, 42], format: 'jpg' }, [video(640, 360, 10)]),
    ).toEqual([
      {
        field: 'times',
        message:
          'times must all be less than 10 seconds, the length of this video; 10 and 42 are past the end',
      },
    ]);
  });

  it('has nothing to say for tools without input rules', () => {
    expect(validateParamsForInputs(entry('png-to-jpg'), {}, [image(10, 10)])).toEqual([]);
    expect(
      validateParamsForInputs(entry('resize-video'), { width: 16, height: 16, fit: 'fill' }, [
        video(1, 1, 1),
      ]),
    ).toEqual([]);
  });
});

describe('validateParams: audio converters', () => {
  it('keeps tags by default and refuses settings the output cannot take, in a sentence', () => {
    expect(ok('wav-to-mp3', { bitrate: 192 })).toEqual({ bitrate: 192, tags: 'keep' });
    expect(issues('wav-to-mp3', { bitrate: 192, vbr: 'high' }).map((i) => i.field)).toContain('vbr');
    expect(issues('mp3-to-opus', { sampleRate: 44100 })).toEqual([
      { field: 'sampleRate', message: 'sampleRate for Opus must be 8000, 16000, 24000 or 48000 Hz' },
    ]);
    expect(issues('audio-converter', { format: 'opus', sampleRate: 22050 })[0]?.field).toBe('sampleRate');
    expect(issues('audio-converter', { format: 'flac', bitrate: 128 })).toEqual([
      {
        field: 'bitrate',
        message: 'bitrate applies to MP3, M4A, OGG and Opus; FLAC is lossless, so leave it empty',
      },
    ]);
    expect(fields('mp3-to-wav', { bitrate: 128 })).toEqual(['bitrate']);
  });
});
