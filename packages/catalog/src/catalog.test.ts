import { describe, expect, it } from 'vitest';
import { catalog, getEntry, publicCatalog, toPublicTool } from './index.ts';

// The lists of docs/api.md "The catalog", written out literally.
const VIDEO_TOOLS = [
  'trim-video',
  'compress-video',
  'resize-video',
  'crop-video',
  'rotate-flip-video',
  'speed-up-down-video',
  'join-video',
  'loop-video',
  'overlay-image-on-video',
  'overlay-video-on-video',
  'add-logo-or-watermark-to-video',
  'brainrot-creator',
  'convert-image-to-video',
  'change-video-framerate',
  'video-frame-extractor',
  'reverse-video',
  'video-to-gif',
  'video-to-webm',
];
const IMAGE_TOOLS = [
  'resize-image',
  'crop-image',
  'rotate-flip-image',
  'compress-image',
  'overlay-image-on-image',
  'image-transparency',
  'pancard-photo-resizer',
  'pancard-signature-resizer',
];
const AUDIO_TOOLS = [
  'trim-audio',
  'change-audio-volume',
  'normalize-audio',
  'fade-audio',
  'join-audio',
  'change-audio-speed',
];
const VIDEO_CONVERTERS = [
  'mov-to-mp4',
  'avi-to-mp4',
  'wmv-to-mp4',
  'mkv-to-mp4',
  'flv-to-mp4',
  'mpeg-ts-to-mp4',
  'webm-to-mp4',
  'mp4-to-webm',
];
const IMAGE_CONVERTERS = [
  'jpg-to-png',
  'png-to-jpg',
  'gif-to-jpg',
  'gif-to-png',
  'bmp-to-jpg',
  'bmp-to-png',
  'tiff-to-jpg',
  'tiff-to-png',
  'webp-to-jpg',
  'webp-to-png',
  'heic-to-jpg',
  'heic-to-png',
  'avif-to-jpg',
  'avif-to-png',
  'ico-to-jpg',
  'ico-to-png',
  'svg-to-jpg',
  'svg-to-png',
  'psd-to-jpg',
  'psd-to-png',
  'gif-to-mp4',
  'jpg-to-webp',
  'jpg-to-avif',
  'png-to-webp',
  'png-to-avif',
  'gif-to-webp',
  'gif-to-avif',
  'bmp-to-webp',
  'bmp-to-avif',
  'tiff-to-webp',
  'tiff-to-avif',
  'webp-to-avif',
  'heic-to-webp',
  'heic-to-avif',
  'avif-to-webp',
  'ico-to-webp',
  'ico-to-avif',
  'svg-to-webp',
  'svg-to-avif',
  'psd-to-webp',
  'psd-to-avif',
];

// The audio converters and tools of issue 27 (audio-params.ts, audio-tools.ts, converters.ts).
const AUDIO_CONVERSION_TOOLS = ['audio-converter', 'extract-audio'];
const AUDIO_CONVERTERS = [
  ...['mp4', 'mov', 'webm', 'mkv', 'avi', 'wav', 'm4a', 'flac', 'ogg', 'opus', 'wma', 'aac', 'aiff'].map(
    (from) => `${from}-to-mp3`,
  ),
  ...['mp3-to-wav', 'm4a-to-wav', 'flac-to-wav', 'mp3-to-m4a', 'wav-to-m4a', 'mp3-to-ogg', 'wav-to-flac'],
  'mp3-to-opus',
];

// docs/api.md's params column: the exact param names of every tool.
const PARAM_NAMES: Record<string, string[]> = {
  'trim-video': ['start', 'end'],
  'compress-video': ['level', 'targetSizeMB'],
  'resize-video': ['width', 'height', 'fit'],
  'crop-video': ['x', 'y', 'width', 'height'],
  'rotate-flip-video': ['rotate', 'flip'],
  'speed-up-down-video': ['factor'],
  'join-video': ['resolution'],
  'loop-video': ['count'],
  'overlay-image-on-video': ['x', 'y', 'width', 'opacity', 'start', 'end'],
  'overlay-video-on-video': ['x', 'y', 'width', 'start'],
  'add-logo-or-watermark-to-video': ['position', 'scale', 'opacity', 'margin'],
  'brainrot-creator': ['layout', 'caption'],
  'convert-image-to-video': ['resolution', 'secondsPerImage'],
  'change-video-framerate': ['fps'],
  'video-frame-extractor': ['mode', 'interval', 'times', 'format'],
  'reverse-video': [],
  'video-to-gif': ['start', 'end', 'fps', 'width', 'loop', 'dither', 'maxSizeMB'],
  'video-to-webm': ['quality'],
  'resize-image': ['width', 'height', 'fit', 'format'],
  'crop-image': ['x', 'y', 'width', 'height'],
  'rotate-flip-image': ['rotate', 'flip'],
  'compress-image': ['level', 'targetSizeKB', 'format'],
  'overlay-image-on-image': ['x', 'y', 'width', 'opacity'],
  'image-transparency': ['opacity'],
  'pancard-photo-resizer': ['crop'],
  'pancard-signature-resizer': ['background'],
  'audio-converter': ['format', 'bitrate', 'vbr', 'sampleRate', 'channels', 'tags'],
  'extract-audio': ['format', 'bitrate', 'vbr', 'sampleRate', 'channels', 'tags'],
  'trim-audio': ['start', 'end', 'format'],
  'change-audio-volume': ['volume', 'limit', 'format'],
  'normalize-audio': ['preset', 'target', 'truePeak', 'format'],
  'fade-audio': ['fadeIn', 'fadeOut', 'format'],
  'join-audio': ['crossfade', 'format'],
  'change-audio-speed': ['factor', 'format'],
};
/** The params of the audio converters: lossy targets take a bitrate or VBR level, lossless not. */
const AUDIO_CONVERTER_PARAMS = (name: string) =>
  /-to-(wav|flac)$/.test(name)
    ? ['sampleRate', 'channels', 'tags']
    : ['bitrate', 'vbr', 'sampleRate', 'channels', 'tags'];

// docs/api.md's enum values, exactly.
const ENUMS: [string, string, unknown[]][] = [
  ['compress-video', 'level', ['low', 'medium', 'high']],
  ['resize-video', 'fit', ['contain', 'cover', 'fill']],
  ['rotate-flip-video', 'rotate', [0, 90, 180, 270]],
  ['rotate-flip-video', 'flip', ['none', 'horizontal', 'vertical']],
  [
    'add-logo-or-watermark-to-video',
    'position',
    ['top-left', 'top-right', 'bottom-left', 'bottom-right', 'center'],
  ],
  ['brainrot-creator', 'layout', ['main-top', 'main-bottom']],
  ['convert-image-to-video', 'resolution', ['720p', '1080p', '4k']],
  ['video-frame-extractor', 'mode', ['interval', 'times', 'all']],
  ['video-frame-extractor', 'format', ['jpg', 'png']],
  ['video-to-gif', 'dither', ['sierra2_4a', 'bayer', 'floyd_steinberg', 'none']],
  ['resize-image', 'fit', ['contain', 'cover', 'fill', 'inside']],
  ['rotate-flip-image', 'rotate', [0, 90, 180, 270]],
  ['rotate-flip-image', 'flip', ['none', 'horizontal', 'vertical']],
  ['compress-image', 'level', ['high', 'medium', 'low']],
  ['compress-image', 'format', ['keep', 'jpg', 'png', 'webp', 'avif']],
  ['resize-image', 'format', ['keep', 'jpg', 'png', 'webp', 'avif']],
  ['pancard-signature-resizer', 'background', ['white', 'transparent']],
];

// docs/api.md's input counts.
const INPUT_COUNTS: Record<string, [number, number]> = {
  'join-video': [2, 20],
  'join-audio': [2, 20],
  'overlay-image-on-video': [2, 2],
  'overlay-video-on-video': [2, 2],
  'add-logo-or-watermark-to-video': [2, 2],
  'brainrot-creator': [2, 2],
  'convert-image-to-video': [1, 50],
  'resize-image': [1, 50],
  'rotate-flip-image': [1, 50],
  'compress-image': [1, 50],
  'overlay-image-on-image': [2, 2],
  'image-transparency': [1, 50],
};

const names = catalog.map((e) => e.name);

function need(name: string) {
  const e = getEntry(name);
  if (!e) throw new Error(`no entry ${name}`);
  return e;
}

describe('catalog', () => {
  it('has exactly the 104 names of docs/api.md, each once', () => {
    expect(catalog).toHaveLength(104);
    expect(new Set(names).size).toBe(104);
    expect([...names].sort()).toEqual(
      [
        ...VIDEO_TOOLS,
        ...IMAGE_TOOLS,
        ...VIDEO_CONVERTERS,
        ...IMAGE_CONVERTERS,
        ...AUDIO_CONVERSION_TOOLS,
        ...AUDIO_CONVERTERS,
        ...AUDIO_TOOLS,
      ].sort(),
    );
  });

  it('groups entries by kind, media and worker', () => {
    const pick = (kind: string, media: string) =>
      catalog.filter((e) => e.kind === kind && e.media === media).map((e) => e.name);
    expect(pick('tool', 'video').sort()).toEqual([...VIDEO_TOOLS].sort());
    expect(pick('tool', 'image').sort()).toEqual([...IMAGE_TOOLS].sort());
    expect(pick('converter', 'video').sort()).toEqual([...VIDEO_CONVERTERS].sort());
    expect(pick('converter', 'image').sort()).toEqual([...IMAGE_CONVERTERS].sort());
    expect(pick('tool', 'audio').sort()).toEqual([...AUDIO_CONVERSION_TOOLS, ...AUDIO_TOOLS].sort());
    expect(pick('converter', 'audio').sort()).toEqual([...AUDIO_CONVERTERS].sort());
    // gif-to-mp4 takes an image and makes a video: the transcoder's work.
    for (const e of catalog)
      expect(e.worker, e.name).toBe(e.media === 'image' && e.name !== 'gif-to-mp4' ? 'imager' : 'transcoder');
  });

  it('finds entries by name', () => {
    expect(getEntry('trim-video')?.title).toBe('Trim Video Online');
    expect(getEntry('nope')).toBeUndefined();
    expect(getEntry('__proto__')).toBeUndefined();
  });

  it('gives every params schema as a closed JSON object schema with docs/api.md names', () => {
    for (const e of catalog) {
      const p = e.params as unknown as Record<string, unknown>;
      expect(p.type, e.name).toBe('object');
      expect(p.additionalProperties, e.name).toBe(false);
      const modern = /-to-(webp|avif)$/.test(e.name) ? ['quality', 'effort', 'lossless'] : ['quality'];
      const expected =
        e.kind !== 'converter'
          ? PARAM_NAMES[e.name]
          : e.media === 'audio'
            ? AUDIO_CONVERTER_PARAMS(e.name)
            : modern;
      expect(Object.keys(p.properties as object).sort(), e.name).toEqual([...expected].sort());
    }
  });

  it('uses exactly the enum values of docs/api.md', () => {
    for (const [name, field, values] of ENUMS) {
      const prop = (need(name).params.properties as Record<string, { enum?: unknown[] }>)[field];
      expect(prop.enum, `${name}.${field}`).toEqual(values);
    }
  });

  it('never lists a field with a default as required', () => {
    for (const e of catalog) {
      const required = new Set((e.params.required as string[] | undefined) ?? []);
      for (const [k, s] of Object.entries(e.params.properties as Record<string, { default?: unknown }>)) {
        if (s.default !== undefined) expect(required.has(k), `${e.name}.${k}`).toBe(false);
      }
    }
  });

  it('gives video and image converters an optional integer quality 1..100', () => {
    for (const e of catalog.filter((x) => x.kind === 'converter' && x.media !== 'audio')) {
      expect(e.params.required ?? []).toEqual([]);
      expect(e.params.properties.quality).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
    }
  });

  it("gives the WebP and AVIF converters their encoder's effort range and lossless", () => {
    const props = (name: string) => need(name).params.properties as Record<string, object>;
    expect(props('png-to-webp').effort).toMatchObject({
      type: 'integer',
      minimum: 0,
      maximum: 6,
      default: 4,
    });
    expect(props('png-to-avif').effort).toMatchObject({
      type: 'integer',
      minimum: 0,
      maximum: 9,
      default: 4,
    });
    for (const name of ['png-to-webp', 'png-to-avif'])
      expect(props(name).lossless).toMatchObject({ type: 'boolean', default: false });
  });

  it('has the input counts of docs/api.md', () => {
    for (const e of catalog) {
      let expected: [number, number] = INPUT_COUNTS[e.name] ?? [1, 1];
      if (e.kind === 'converter')
        expected = e.worker === 'imager' ? [1, 50] : e.media === 'audio' ? [1, 20] : [1, 1];
      if (e.name === 'audio-converter' || e.name === 'extract-audio') expected = [1, 20];
      expect([e.inputs.min, e.inputs.max], e.name).toEqual(expected);
      expect(e.inputs.accept.length, e.name).toBeGreaterThan(0);
      if (e.inputs.labels) expect(e.inputs.labels).toHaveLength(e.inputs.max);
    }
  });

  it('names its outputs', () => {
    for (const e of catalog) expect(e.output.formats.length, e.name).toBeGreaterThan(0);
    for (const n of VIDEO_CONVERTERS)
      expect(getEntry(n)?.output).toEqual({ media: 'video', formats: [n.split('-to-')[1]] });
    for (const n of IMAGE_CONVERTERS) expect(getEntry(n)?.output.formats).toEqual([n.split('-to-')[1]]);
    for (const n of AUDIO_CONVERTERS)
      expect(getEntry(n)?.output).toEqual({ media: 'audio', formats: [n.split('-to-')[1]] });
    expect(getEntry('video-frame-extractor')?.output).toEqual({ media: 'image', formats: ['jpg', 'png'] });
    expect(getEntry('image-transparency')?.output.formats).toEqual(['png']);
    expect(getEntry('pancard-photo-resizer')?.output.formats).toEqual(['jpg']);
    expect(getEntry('reverse-video')?.output).toEqual({ media: 'video', formats: ['mp4'] });
  });

  it('has a distinct, brand-free title and a meta-sized description for every entry', () => {
    expect(new Set(catalog.map((e) => e.title)).size).toBe(104);
    expect(new Set(catalog.map((e) => e.description)).size).toBe(104);
    for (const e of catalog) {
      expect(e.title, e.name).not.toMatch(/mediakit/i);
      expect(e.description.length, e.name).toBeGreaterThanOrEqual(80);
      expect(e.description.length, e.name).toBeLessThanOrEqual(160);
      expect(e.description, e.name).toMatch(/\.$/);
    }
    for (const n of IMAGE_CONVERTERS.filter((c) => need(c).worker === 'imager'))
      expect(getEntry(n)?.description).toMatch(/up to 50 files at once/);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(catalog)).toBe(true);
    expect(Object.isFrozen(catalog[0])).toBe(true);
    expect(Object.isFrozen(catalog[0].inputs.accept)).toBe(true);
  });
});

describe('toPublicTool', () => {
  it("is exactly docs/api.md's Tool: plain JSON, no symbols, no internal fields", () => {
    for (const e of catalog) {
      const t = toPublicTool(e);
      expect(Object.keys(t).sort()).toEqual([
        'description',
        'inputs',
        'kind',
        'media',
        'name',
        'output',
        'params',
        'title',
      ]);
      // maxPixels is part of docs/api.md's Tool.
      expect(Object.keys(t.inputs).sort()).toEqual(['accept', 'max', 'maxPixels', 'min']);
      expect(Object.keys(t.output).sort()).toEqual(['formats', 'media']);
      expect(JSON.parse(JSON.stringify(t))).toEqual(t);
      const walk = (v: unknown): void => {
        if (v === null || typeof v !== 'object') return;
        expect(Object.getOwnPropertySymbols(v)).toEqual([]);
        expect(Object.getOwnPropertyNames(v).filter((k) => k.startsWith('~'))).toEqual([]);
        expect([Object.prototype, Array.prototype, null]).toContain(Object.getPrototypeOf(v));
        for (const x of Object.values(v)) walk(x);
      };
      walk(t);
      expect(t.params.type).toBe('object');
    }
  });

  it('carries the schema: bounds, defaults, required', () => {
    const t = toPublicTool(need('trim-video'));
    expect(t).toMatchObject({
      name: 'trim-video',
      kind: 'tool',
      media: 'video',
      inputs: { min: 1, max: 1 },
      output: { media: 'video', formats: ['mp4'] },
      params: {
        type: 'object',
        required: ['end'],
        additionalProperties: false,
        properties: {
          start: { type: 'number', minimum: 0, default: 0 },
          end: { type: 'number', exclusiveMinimum: 0 },
        },
      },
    });
    expect(t.inputs.accept).toContain('video/quicktime');
  });

  it("says each input's pixel limit: the imager's for image tools, the transcoder's for video tools", () => {
    expect(toPublicTool(need('crop-image')).inputs.maxPixels).toBe(100_000_000);
    expect(toPublicTool(need('png-to-jpg')).inputs.maxPixels).toBe(100_000_000);
    // Pictures going into a video tool become frames: the video limit applies to them.
    expect(toPublicTool(need('convert-image-to-video')).inputs.maxPixels).toBe(8192 * 4320);
    const own = publicCatalog({ image: 50_000_000, video: 1920 * 1080 });
    const limit = (name: string) => own.find((tool) => tool.name === name)?.inputs.maxPixels;
    expect([limit('crop-image'), limit('trim-video')]).toEqual([50_000_000, 1920 * 1080]);
    expect(publicCatalog()).toEqual(catalog.map(toPublicTool));
  });

  it('returns a copy', () => {
    const t = toPublicTool(need('png-to-jpg'));
    t.inputs.accept.push('x/y');
    (t.params.properties as Record<string, unknown>).quality = 1;
    expect(getEntry('png-to-jpg')?.inputs.accept).toEqual(['image/png']);
    expect(toPublicTool(need('png-to-jpg')).params.properties).toHaveProperty('quality.maximum', 100);
  });
});
