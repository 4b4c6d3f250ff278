/**
 * The params of the 16 video tools (video-tools.ts): TypeBox schemas with their cross-field rules.
 */
import { type Static, Type } from 'typebox';
import { endTime, flip, hint, offset, opacity, params, rotation, startTime } from './schema.ts';
import type { ParamRule } from './types.ts';

const EVEN_SIZE = 'an even number between 16 and 7680';

export const trimVideoParams = params({
  start: startTime(),
  end: endTime(),
});
export type TrimVideoParams = Static<typeof trimVideoParams>;

export const compressVideoParams = params({
  level: Type.Optional(
    Type.Enum(['low', 'medium', 'high'], {
      title: 'Compression level',
      description: 'high gives the smallest file.',
    }),
  ),
  targetSizeMB: Type.Optional(
    Type.Number({
      title: 'Target size (MB)',
      description: 'Aim for this file size instead of a level.',
      exclusiveMinimum: 0,
    }),
  ),
});
export type CompressVideoParams = Static<typeof compressVideoParams>;

export const resizeVideoParams = params({
  width: Type.Integer({ title: 'Width (px)', minimum: 16, maximum: 7680, multipleOf: 2 }),
  height: Type.Integer({ title: 'Height (px)', minimum: 16, maximum: 7680, multipleOf: 2 }),
  fit: Type.Optional(
    Type.Enum(['contain', 'cover', 'fill'], {
      title: 'Fit',
      description: 'contain adds bars, cover crops to fill, fill stretches.',
      default: 'contain',
    }),
  ),
});
export type ResizeVideoParams = Static<typeof resizeVideoParams>;

export const cropVideoParams = params({
  x: Type.Optional(offset('Left (px)')),
  y: Type.Optional(offset('Top (px)')),
  width: Type.Integer({ title: 'Width (px)', minimum: 2 }),
  height: Type.Integer({ title: 'Height (px)', minimum: 2 }),
});
export type CropVideoParams = Static<typeof cropVideoParams>;

export const rotateFlipVideoParams = params({
  rotate: Type.Optional(rotation()),
  flip: Type.Optional(flip()),
});
export type RotateFlipVideoParams = Static<typeof rotateFlipVideoParams>;

export const speedVideoParams = params({
  factor: Type.Optional(
    Type.Number({
      title: 'Speed (×)',
      description: 'Below 1 slows down, above 1 speeds up.',
      minimum: 0.25,
      maximum: 4,
      default: 2,
    }),
  ),
});
export type SpeedVideoParams = Static<typeof speedVideoParams>;

const RESOLUTION_RE = /^(\d{1,5})x(\d{1,5})$/;
export const joinVideoParams = params({
  resolution: hint(
    Type.Optional(
      Type.String({
        title: 'Resolution',
        description: "WIDTHxHEIGHT in pixels; defaults to the first video's size.",
        pattern: RESOLUTION_RE.source,
        examples: ['1920x1080'],
      }),
    ),
    `a size like 1920x1080 (width x height in pixels, each ${EVEN_SIZE})`,
  ),
});
export type JoinVideoParams = Static<typeof joinVideoParams>;

/** The join's resolution names an even width and height within 16..7680. */
export const resolutionBounds: ParamRule = (c) => {
  if (!c.valid('resolution')) return [];
  const m = RESOLUTION_RE.exec(c.params.resolution as string);
  const ok = (s: string | undefined) => {
    const n = Number(s);
    return n >= 16 && n <= 7680 && n % 2 === 0;
  };
  if (m && ok(m[1]) && ok(m[2])) return [];
  return [
    {
      field: 'resolution',
      message: `resolution must be a size like 1920x1080 (width x height in pixels, each ${EVEN_SIZE})`,
    },
  ];
};

export const loopVideoParams = params({
  count: Type.Optional(Type.Integer({ title: 'Times to play', minimum: 2, maximum: 50, default: 2 })),
});
export type LoopVideoParams = Static<typeof loopVideoParams>;

export const overlayImageOnVideoParams = params({
  x: Type.Optional(offset('Left (px)')),
  y: Type.Optional(offset('Top (px)')),
  width: Type.Optional(
    Type.Integer({
      title: 'Image width (px)',
      description: "Defaults to the image's own width.",
      minimum: 1,
      maximum: 7680,
    }),
  ),
  opacity: Type.Optional(opacity(100)),
  start: Type.Optional(Type.Number({ title: 'Show from (seconds)', minimum: 0 })),
  end: Type.Optional(Type.Number({ title: 'Show until (seconds)', exclusiveMinimum: 0 })),
});
export type OverlayImageOnVideoParams = Static<typeof overlayImageOnVideoParams>;

export const overlayVideoOnVideoParams = params({
  x: Type.Optional(offset('Left (px)')),
  y: Type.Optional(offset('Top (px)')),
  width: Type.Optional(
    Type.Integer({
      title: 'Overlay width (px)',
      description: "Defaults to the overlay video's own width.",
      minimum: 2,
      maximum: 7680,
    }),
  ),
  start: Type.Optional(Type.Number({ title: 'Start at (seconds)', minimum: 0 })),
});
export type OverlayVideoOnVideoParams = Static<typeof overlayVideoOnVideoParams>;

export const addLogoParams = params({
  position: Type.Optional(
    Type.Enum(['top-left', 'top-right', 'bottom-left', 'bottom-right', 'center'], {
      title: 'Position',
      default: 'bottom-right',
    }),
  ),
  scale: Type.Optional(
    Type.Number({ title: 'Logo size (% of video width)', minimum: 5, maximum: 50, default: 15 }),
  ),
  opacity: Type.Optional(opacity(100)),
  margin: Type.Optional(Type.Integer({ title: 'Margin (px)', minimum: 0, default: 20 })),
});
export type AddLogoParams = Static<typeof addLogoParams>;

export const brainrotParams = params({
  layout: Type.Optional(
    Type.Enum(['main-top', 'main-bottom'], {
      title: 'Layout',
      description: 'Where your main video goes.',
      default: 'main-top',
    }),
  ),
  caption: Type.Optional(Type.String({ title: 'Caption', maxLength: 120 })),
});
export type BrainrotParams = Static<typeof brainrotParams>;

export const imageToVideoParams = params({
  resolution: Type.Optional(Type.Enum(['720p', '1080p', '4k'], { title: 'Resolution', default: '1080p' })),
  secondsPerImage: Type.Optional(
    Type.Number({ title: 'Seconds per image', minimum: 0.5, maximum: 60, default: 3 }),
  ),
});
export type ImageToVideoParams = Static<typeof imageToVideoParams>;

export const framerateParams = params({
  fps: Type.Optional(Type.Number({ title: 'Frame rate (FPS)', minimum: 1, maximum: 120, default: 30 })),
});
export type FramerateParams = Static<typeof framerateParams>;

export const frameExtractorParams = params({
  mode: Type.Optional(
    Type.Enum(['interval', 'times', 'all'], {
      title: 'Which frames',
      description:
        'interval: one frame every N seconds; times: the frames at the listed times; all: every frame.',
      default: 'interval',
    }),
  ),
  interval: Type.Optional(Type.Number({ title: 'Every (seconds)', exclusiveMinimum: 0 })),
  times: hint(
    Type.Optional(
      Type.Array(Type.Number({ minimum: 0 }), { title: 'At times (seconds)', minItems: 1, maxItems: 500 }),
    ),
    'a list of 1 to 500 times in seconds, each 0 or more',
  ),
  format: Type.Optional(Type.Enum(['jpg', 'png'], { title: 'Image format', default: 'jpg' })),
});
export type FrameExtractorParams = Static<typeof frameExtractorParams>;

export const reverseVideoParams = params({});
export type ReverseVideoParams = Static<typeof reverseVideoParams>;
