/**
 * The 16 video tools. Worker: transcoder. Output MP4 (H.264/AAC, +faststart) unless noted. Their
 * params are in video-tool-params.ts.
 */
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
import type { CatalogEntry } from './types.ts';
import {
  addLogoParams,
  brainrotParams,
  compressVideoParams,
  cropVideoParams,
  frameExtractorParams,
  framerateParams,
  imageToVideoParams,
  joinVideoParams,
  loopVideoParams,
  overlayImageOnVideoParams,
  overlayVideoOnVideoParams,
  resizeVideoParams,
  resolutionBounds,
  reverseVideoParams,
  rotateFlipVideoParams,
  speedVideoParams,
  trimVideoParams,
} from './video-tool-params.ts';

type VideoToolSpec = Omit<CatalogEntry, 'kind' | 'media' | 'worker' | 'inputs' | 'output'> & {
  inputs?: Partial<CatalogEntry['inputs']>;
  output?: CatalogEntry['output'];
};

const MP4 = { media: 'video', formats: ['mp4'] } as const satisfies CatalogEntry['output'];

export function videoTool(spec: VideoToolSpec): CatalogEntry {
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
