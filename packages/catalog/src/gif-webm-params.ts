/**
 * The params of video-to-gif and video-to-webm (gif-webm-tools.ts), and the one limit of a GIF
 * the API checks before a job is queued: its length.
 */
import { type Static, Type } from 'typebox';
import { getPath, seconds } from './rules.ts';
import { params, quality, startTime } from './schema.ts';
import type { InputRule } from './types.ts';

/**
 * Longest GIF made: a GIF has no inter-frame compression, so a minute at 480 px and 10 fps is
 * already tens of MB, more than any chat app or page takes. Longer parts are refused, not cut.
 */
export const MAX_GIF_SECONDS = 60;

export const GIF_DITHERS = ['sierra2_4a', 'bayer', 'floyd_steinberg', 'none'] as const;
export type GifDither = (typeof GIF_DITHERS)[number];

export const videoToGifParams = params({
  start: startTime(),
  end: Type.Optional(
    Type.Number({
      title: 'End (seconds)',
      description: `Defaults to the end of the video; at most ${MAX_GIF_SECONDS} seconds after the start.`,
      exclusiveMinimum: 0,
    }),
  ),
  fps: Type.Optional(
    Type.Integer({
      title: 'Frame rate (FPS)',
      description: "Lower makes a smaller file; never above the video's own rate.",
      minimum: 1,
      maximum: 30,
      default: 10,
    }),
  ),
  width: Type.Optional(
    Type.Integer({
      title: 'Width (px)',
      description: 'The height follows. Never wider than the video itself.',
      minimum: 16,
      maximum: 1920,
      default: 480,
    }),
  ),
  loop: Type.Optional(
    Type.Integer({
      title: 'Loop',
      description: '0 plays forever; otherwise how many times it plays.',
      minimum: 0,
      maximum: 100,
      default: 0,
    }),
  ),
  dither: Type.Optional(
    Type.Enum([...GIF_DITHERS], {
      title: 'Dither',
      description:
        'How the 256 colours mix to look like more: sierra2_4a is smooth, bayer is a fine regular pattern that compresses better, none gives flat bands and the smallest file.',
      default: 'sierra2_4a',
    }),
  ),
  maxSizeMB: Type.Optional(
    Type.Number({
      title: 'Size limit (MB)',
      description: 'Make the GIF smaller than this by lowering its width and frame rate.',
      exclusiveMinimum: 0,
      maximum: 100,
    }),
  ),
});
export type VideoToGifParams = Static<typeof videoToGifParams>;

/** The part of the video made into a GIF (start to end, or to the end of the video) fits MAX_GIF_SECONDS. */
export const gifLengthWithinLimit: InputRule = (p, inputs) => {
  const start = (getPath(p, 'start') as number | undefined) ?? 0;
  const end = (getPath(p, 'end') as number | undefined) ?? inputs[0]?.duration;
  if (typeof end !== 'number' || !Number.isFinite(end) || end - start <= MAX_GIF_SECONDS) return [];
  return [
    {
      field: 'end',
      message: `A GIF can be at most ${MAX_GIF_SECONDS} seconds long, and this part is ${seconds(end - start)} seconds: set end to at most ${seconds(start + MAX_GIF_SECONDS)}`,
    },
  ];
};

export const videoToWebmParams = params({ quality: Type.Optional(quality()) });
export type VideoToWebmParams = Static<typeof videoToWebmParams>;
