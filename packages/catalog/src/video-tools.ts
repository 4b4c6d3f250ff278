/**
 * The 16 video tools. Worker: transcoder. Output MP4 (H.264/AAC, +faststart) unless noted.
 */
import { type Static, Type } from 'typebox';
import { VIDEO_MIMES, VIDEO_TOOL_IMAGE_MIMES } from './mime.ts';
import {
  boxInsideFrame,
  endAfterStart,
  exactlyOne,
  pointInsideFrame,
  requiredWhen,
  startsBeforeEnd,
  timesWithinDuration,
  withinDuration,
} from './rules.ts';
import { flip, hint, offset, opacity, params, rotation } from './schema.ts';
import type { CatalogEntry, ParamRule } from './types.ts';

const EVEN_SIZE = 'an even number between 16 and 7680';

// ---------------------------------------------------------------------------------------------------
// Params

export const trimVideoParams = params({
  start: Type.Optional(Type.Number({ title: 'Start (seconds)', minimum: 0, default: 0 })),
  end: Type.Number({ title: 'End (seconds)', exclusiveMinimum: 0 }),
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

const resolutionBounds: ParamRule = (c) => {
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

// ---------------------------------------------------------------------------------------------------
// Entries

type VideoToolSpec = Omit<CatalogEntry, 'kind' | 'media' | 'worker' | 'inputs' | 'output'> & {
  inputs?: Partial<CatalogEntry['inputs']>;
  output?: CatalogEntry['output'];
};

const MP4 = { media: 'video', formats: ['mp4'] } as const satisfies CatalogEntry['output'];

function videoTool(spec: VideoToolSpec): CatalogEntry {
  const inputs = { min: 1, max: 1, accept: [...VIDEO_MIMES], ...spec.inputs };
  return {
    ...spec,
    kind: 'tool',
    media: 'video',
    worker: 'transcoder',
    inputs,
    output: spec.output ?? { media: MP4.media, formats: [...MP4.formats] },
  };
}

/** Two positional inputs with their own accept lists. */
function pair(
  labels: [string, string],
  first: readonly string[],
  second: readonly string[],
): Partial<CatalogEntry['inputs']> {
  return {
    min: 2,
    max: 2,
    accept: [...new Set([...first, ...second])],
    labels,
    acceptByPosition: [[...first], [...second]],
  };
}

export const videoTools: CatalogEntry[] = [
  videoTool({
    name: 'trim-video',
    title: 'Trim Video Online',
    description:
      'Cut a video down to the part you need: pick a start and end time and download an MP4. Free, no watermark, no sign-up.',
    params: trimVideoParams,
    rules: [endAfterStart()],
    inputRules: [withinDuration('end')],
  }),
  videoTool({
    name: 'compress-video',
    title: 'Compress Video Online',
    description:
      'Shrink a video for email, chat or upload: choose a compression level or a target size in MB and get a smaller MP4. Free, no watermark.',
    params: compressVideoParams,
    rules: [
      exactlyOne(
        'level',
        'targetSizeMB',
        'Choose a compression level (low, medium or high) or give a targetSizeMB',
      ),
    ],
  }),
  videoTool({
    name: 'resize-video',
    title: 'Resize Video Online',
    description:
      "Change a video's width and height for any screen or platform: fit it with bars, crop it to fill, or stretch it. Free MP4 output, no watermark.",
    params: resizeVideoParams,
  }),
  videoTool({
    name: 'crop-video',
    title: 'Crop Video Online',
    description:
      'Cut away the edges of a video: choose the area to keep by position and size and download the cropped MP4. Free, no watermark, no sign-up.',
    params: cropVideoParams,
    inputRules: [boxInsideFrame('', 0, 'crop')],
  }),
  videoTool({
    name: 'rotate-flip-video',
    title: 'Rotate and Flip Video',
    description:
      'Fix a sideways or upside-down video: rotate it by 90, 180 or 270 degrees or mirror it horizontally or vertically. Free MP4 output, no watermark.',
    params: rotateFlipVideoParams,
  }),
  videoTool({
    name: 'speed-up-down-video',
    title: 'Speed Up or Slow Down Video',
    description:
      "Change a video's speed anywhere from 0.25× to 4×. The sound follows the new speed and keeps its natural pitch. Free, no watermark, no sign-up.",
    params: speedVideoParams,
  }),
  videoTool({
    name: 'join-video',
    title: 'Join Videos Online',
    description:
      'Merge 2 to 20 clips into one MP4 in the order you choose, even when their sizes and formats differ. Free, no watermark, no sign-up.',
    inputs: { min: 2, max: 20 },
    params: joinVideoParams,
    rules: [resolutionBounds],
  }),
  videoTool({
    name: 'loop-video',
    title: 'Loop Video Online',
    description:
      'Repeat a clip 2 to 50 times back to back and download it as one MP4, for short loops, backgrounds and memes. Free, no watermark, no sign-up.',
    params: loopVideoParams,
  }),
  videoTool({
    name: 'overlay-image-on-video',
    title: 'Add Image to Video',
    description:
      'Place a picture on top of a video: set its position, width and opacity, and show it for the whole clip or between two times. Free MP4, no watermark.',
    inputs: pair(['Video', 'Image'], VIDEO_MIMES, VIDEO_TOOL_IMAGE_MIMES),
    params: overlayImageOnVideoParams,
    rules: [endAfterStart()],
    inputRules: [pointInsideFrame(0, 'video'), startsBeforeEnd('start', 0)],
  }),
  videoTool({
    name: 'overlay-video-on-video',
    title: 'Overlay Video on Video',
    description:
      'Make a picture-in-picture video: put one clip on top of another, choose where it sits, how wide it is and when it starts. Free MP4, no watermark.',
    inputs: pair(['Base video', 'Overlay video'], VIDEO_MIMES, VIDEO_MIMES),
    params: overlayVideoOnVideoParams,
    inputRules: [pointInsideFrame(0, 'base video'), startsBeforeEnd('start', 0, 'the base video')],
  }),
  videoTool({
    name: 'add-logo-or-watermark-to-video',
    title: 'Add Logo or Watermark to Video',
    description:
      'Brand a video with your own logo: pick a corner or the center and set its size, opacity and margin. Free MP4 output, and we add no watermark of ours.',
    inputs: pair(['Video', 'Logo'], VIDEO_MIMES, VIDEO_TOOL_IMAGE_MIMES),
    params: addLogoParams,
  }),
  videoTool({
    name: 'brainrot-creator',
    title: 'Brainrot Video Creator',
    description:
      'Stack your clip over gameplay or satisfying footage in a vertical 1080×1920 video for TikTok, Reels and Shorts, with an optional caption. Free, no watermark.',
    inputs: pair(['Main video', 'Background video'], VIDEO_MIMES, VIDEO_MIMES),
    params: brainrotParams,
  }),
  videoTool({
    name: 'convert-image-to-video',
    title: 'Convert Images to Video',
    description:
      'Turn up to 50 photos into an MP4 slideshow in 720p, 1080p or 4K, showing each picture for as long as you choose. Free, no watermark, no sign-up.',
    inputs: { min: 1, max: 50, accept: [...VIDEO_TOOL_IMAGE_MIMES] },
    params: imageToVideoParams,
  }),
  videoTool({
    name: 'change-video-framerate',
    title: 'Change Video Frame Rate',
    description:
      'Convert a video to any frame rate from 1 to 120 FPS, for example 60 to 30 for a smaller file or 24 for a film look. Free MP4 output, no watermark.',
    params: framerateParams,
  }),
  videoTool({
    name: 'video-frame-extractor',
    title: 'Extract Frames from Video',
    description:
      'Save stills from a video as JPG or PNG: every few seconds, at the exact times you list, or every frame, all in one ZIP. Free, no sign-up.',
    params: frameExtractorParams,
    output: { media: 'image', formats: ['jpg', 'png'] },
    rules: [
      requiredWhen(
        'interval',
        (p) => p.mode === 'interval',
        'interval is required when mode is interval: give the seconds between frames',
      ),
      requiredWhen(
        'times',
        (p) => p.mode === 'times',
        'times is required when mode is times: list at least one time in seconds',
      ),
    ],
    inputRules: [timesWithinDuration('times')],
  }),
  videoTool({
    name: 'reverse-video',
    title: 'Reverse Video Online',
    description:
      'Play a video backwards: get a reversed MP4 of your clip for rewind effects and loops. The sound is removed. Free, no watermark, no sign-up.',
    params: reverseVideoParams,
  }),
];
