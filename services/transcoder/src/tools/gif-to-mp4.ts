import { join } from 'node:path';
import { probeDuration } from '@mediakit/media';
import type { JobInput, ToolHandler } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';
import { probedByGuard } from '../guard.ts';
import { describeSeconds } from './editing-limits.ts';
import { FASTSTART_ARGS, formatSeconds, h264VideoArgs, keepTimingArgs, qualityToCrf } from './encoding.ts';
import { runFfmpegStep } from './ffmpeg-step.ts';
import { baseName } from './output-name.ts';

/**
 * GIF → MP4 (gif-to-mp4): the small, silent, looping-in-chat kind of video. The GIF's own loop
 * count is not carried (MP4 has none; chat apps loop short silent videos themselves).
 */

/** Longest GIF taken: 10 minutes of animation is far past any real GIF, and all of it is decoded. */
export const MAX_GIF_INPUT_SECONDS = 10 * 60;
/** A one-frame GIF becomes a still video this long: long enough to be seen, and to be a video at all. */
export const STILL_SECONDS = 1;

export interface GifToMp4Options {
  input: string;
  output: string;
  /** Frames in the GIF, when ffprobe read it: a GIF of one frame becomes a STILL_SECONDS still. */
  frames?: number;
  /** How long the GIF plays once (the sum of its delays), when ffprobe read it. */
  seconds?: number;
  quality?: number;
}

/**
 * - Transparency is flattened onto white: transparent GIFs are mostly stickers and text drawn for
 *   light pages (dark outlines, which vanish on black), and our GIF-to-JPG converter does the same.
 *   negate → premultiply → negate composites over white in one pass: the picture is inverted,
 *   premultiplied by its alpha (so transparent is black), then inverted back (black becomes white).
 * - `pad` to an even size with white: yuv420p needs it, and padding keeps a 1-px-wide GIF possible
 *   where cropping would not.
 * - Frame delays are kept (VFR, the GIF's 1/100 s time base). MP4 gives the last frame no time
 *   of its own (it would flash by): it is cloned once (`tpad`) and the clone placed at the GIF's end
 *   (`setpts`), so the last frame shows for its full delay. A one-frame GIF is held this way for
 *   STILL_SECONDS. Without a known length (never for a GIF ffprobe read) nothing is added.
 * - No audio track: a chat app (WhatsApp, Telegram) shows a short MP4 without sound as a GIF,
 *   looping and muted; a silent track would make it a video with a play button.
 */
export function buildGifToMp4Args(o: GifToMp4Options): string[] {
  const still = o.frames === 1;
  const end = still ? STILL_SECONDS : o.seconds;
  const hold =
    o.frames && end
      ? ['tpad=stop_mode=clone:stop=1', `setpts=if(eq(N\\,${o.frames})\\,${formatSeconds(end)}/TB\\,PTS)`]
      : [];
  const filters = [
    'negate',
    'premultiply=inplace=1',
    'negate',
    'pad=ceil(iw/2)*2:ceil(ih/2)*2:color=white',
    ...hold,
  ];
  // biome-ignore format: flag/value pairs read best on one line each
  return [
    '-i', o.input,
    '-map', '0:v:0',
    '-an', '-sn', '-dn',
    '-vf', filters.join(','),
    ...h264VideoArgs(qualityToCrf(o.quality)),
    ...keepTimingArgs(),
    ...FASTSTART_ARGS,
    o.output,
  ];
}

/** The GIF's frame count and play length, as the guard's ffprobe read them (no decoding). */
function gifFacts(input: JobInput): { frames?: number; seconds?: number } {
  const probe = probedByGuard(input);
  const stream = probe?.streams.find((s) => s.codec_type === 'video');
  const frames = Number(stream?.nb_frames);
  return {
    frames: Number.isFinite(frames) && frames > 0 ? frames : undefined,
    seconds: probe ? probeDuration(probe) : input.duration,
  };
}

export const gifToMp4: ToolHandler<{ quality?: number }> = async (ctx) => {
  const input = ctx.inputs[0];
  if (input?.format !== 'gif') throw new JobFailure('gif-to-mp4 needs a GIF');
  const { frames, seconds } = gifFacts(input);
  if (seconds !== undefined && seconds > MAX_GIF_INPUT_SECONDS) {
    throw new JobFailure(
      `${input.name} plays for ${describeSeconds(seconds)}; GIFs of up to ${describeSeconds(MAX_GIF_INPUT_SECONDS)} are converted`,
    );
  }
  const output = join(ctx.outDir, 'animation.mp4');
  await runFfmpegStep(ctx, {
    args: buildGifToMp4Args({ input: input.path, output, frames, seconds, quality: ctx.params.quality }),
    durationSeconds: frames === 1 ? STILL_SECONDS : seconds,
    what: 'Converting GIF to MP4',
  });
  return [{ path: output, name: `${baseName(input.name, 'animation')}.mp4` }];
};
