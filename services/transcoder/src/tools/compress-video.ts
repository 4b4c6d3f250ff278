import { rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ToolContext, ToolHandler } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';
import { SDR_BT709_TAGS } from './colour.ts';
import { buildClipArgs } from './editing-clip-args.ts';
import { describeSeconds, requireDuration } from './editing-limits.ts';
import { EVEN_DIMENSIONS_FILTER, h264VideoArgs, keepTimingArgs, PIX_FMT, X264_PRESET } from './encoding.ts';
import { runFfmpegStep } from './ffmpeg-step.ts';
import { requireVideoInput } from './input.ts';
import { inputStreams, type StreamChoice, streamChoice } from './input-streams.ts';
import { baseName } from './output-name.ts';
import { sourceSdrFilters } from './source-colour.ts';

export type CompressLevel = 'low' | 'medium' | 'high';

export interface CompressVideoParams {
  level?: CompressLevel;
  targetSizeMB?: number;
}

/**
 * Constant-quality tiers. Each +5 CRF roughly halves the bitrate x264 spends: `low` is x264's own
 * default (visually clean), `medium` softens fine texture but stays pleasant on a phone, `high`
 * shows smearing in motion but keeps faces and text readable. The resolution is kept at every tier:
 * at CRF 33 x264 already spends few bits on detail, so scaling down would save little more and
 * changes a property the user did not ask to change (resize-video does that).
 * Audio steps down with the tier: AAC at 64k is still clear for speech and music on a phone.
 */
export const COMPRESS_LEVELS: Record<CompressLevel, { crf: number; audioKbps: number }> = {
  low: { crf: 23, audioKbps: 128 },
  medium: { crf: 28, audioKbps: 96 },
  high: { crf: 33, audioKbps: 64 },
};

/** One MB is 1,000,000 bytes here (SI, as macOS and mail size limits count): the stricter reading. */
export const BYTES_PER_MB = 1_000_000;

/**
 * Below this much video bitrate x264 output is blocks at any resolution; a target that leaves less
 * is refused with the smallest size that is still reachable.
 */
export const MIN_VIDEO_KBPS = 50;

/** The ladder of AAC bitrates a target size picks from; the lowest is the floor. */
const TARGET_AUDIO_KBPS = [128, 96, 64, 48, 32];
/** Sound gets at most this share of the budget (once above the floor): the picture needs the bits more. */
const AUDIO_SHARE = 0.2;

/**
 * The size is aimed 3 % under the target: two-pass x264 usually lands within ±2 % of its bitrate,
 * so the first try mostly ends in [0.95, 1] × target. Very short or very easy clips can miss by
 * more; correctedVideoKbps then re-runs pass 2.
 */
const RATE_MARGIN = 0.97;

/**
 * MP4 bookkeeping on top of the streams' bytes, measured on our outputs: about 1 KB of headers plus
 * ~12 bytes of index (sample size, time and chunk tables) per video frame and per AAC packet
 * (48 kHz AAC: 1024 samples a packet, about 47 a second). Only noticeable at small targets, where it is a few %.
 */
export function muxOverheadBytes(durationSeconds: number, fps: number, hasAudio: boolean): number {
  const packetsPerSecond = fps + (hasAudio ? 47 : 0);
  return Math.ceil(1024 + durationSeconds * packetsPerSecond * 12);
}

/** Unknown frame rates are assumed high, so the overhead is over- rather than under-estimated. */
const ASSUMED_FPS = 60;

export interface TargetSizeInput {
  targetBytes: number;
  durationSeconds: number;
  hasAudio: boolean;
  fps?: number;
  /** The input's size: the output never gets a higher video bitrate than the whole input had. */
  inputBytes?: number;
}

export interface TargetSizePlan {
  videoKbps: number;
  /** 0 when there is no audio. */
  audioKbps: number;
  /** True when the input's own bitrate capped the video: the file is meant to come out smaller than the target. */
  capped: boolean;
}

/**
 * Splits a size budget into bitrates:
 * video = (target × 8 × 0.97 − mux overhead − audio bitrate × duration) / duration.
 * Re-encoding at a higher bitrate than the source adds no quality, so when the target exceeds
 * what the input itself uses, the input's overall bitrate is the ceiling and the file comes out
 * smaller than the target. A target that leaves less than MIN_VIDEO_KBPS fails, naming the smallest reachable size.
 */
export function planTargetSize(o: TargetSizeInput): TargetSizePlan {
  const seconds = o.durationSeconds;
  const fps = o.fps ?? ASSUMED_FPS;
  const budgetBits = o.targetBytes * 8 * RATE_MARGIN - muxOverheadBytes(seconds, fps, o.hasAudio) * 8;
  const totalKbps = budgetBits / seconds / 1000;
  const audioKbps = o.hasAudio
    ? (TARGET_AUDIO_KBPS.find((kbps) => kbps <= totalKbps * AUDIO_SHARE) ?? TARGET_AUDIO_KBPS.at(-1) ?? 32)
    : 0;
  const videoKbps = Math.floor(totalKbps - audioKbps);
  if (videoKbps < MIN_VIDEO_KBPS) {
    const smallest = smallestReachableMB(seconds, o.hasAudio, fps);
    throw new JobFailure(
      `${o.targetBytes / BYTES_PER_MB} MB is too small for this ${describeSeconds(seconds)} video: ` +
        `the smallest size that still leaves a watchable picture is ${smallest} MB`,
    );
  }
  if (o.inputBytes !== undefined && o.inputBytes > 0) {
    const inputKbps = Math.max(MIN_VIDEO_KBPS, Math.ceil((o.inputBytes * 8) / seconds / 1000));
    if (inputKbps < videoKbps) return { videoKbps: inputKbps, audioKbps, capped: true };
  }
  return { videoKbps, audioKbps, capped: false };
}

/** A size-targeted file is accepted in [TARGET_WINDOW × target, target]. */
export const TARGET_WINDOW = 0.95;
/** A corrected pass aims at the middle of the window. */
const CORRECTION_AIM = 0.975;
/** Pass 2 runs at most this many times (the first try and two corrections). */
export const MAX_SIZE_ATTEMPTS = 3;

export interface SizeCheck extends TargetSizePlan {
  targetBytes: number;
  durationSeconds: number;
  fps?: number;
  hasAudio: boolean;
  /** What the last pass 2 wrote. */
  outputBytes: number;
}

/**
 * The video bitrate for another pass 2 when the last file missed the window, or undefined when it
 * is in it (or was meant to be smaller: capped by the input's bitrate, under the target).
 * x264's rate control misses by a few % on clips of a few seconds (too few frames to even out),
 * and the miss is proportional, so the video bitrate is scaled by wanted/actual video bytes.
 * The stats of pass 1 stay valid for any bitrate: only pass 2 is repeated.
 */
export function correctedVideoKbps(o: SizeCheck): number | undefined {
  if (o.outputBytes <= o.targetBytes && (o.capped || o.outputBytes >= TARGET_WINDOW * o.targetBytes)) {
    return undefined;
  }
  const fps = o.fps ?? ASSUMED_FPS;
  const otherBytes =
    (o.audioKbps * 1000 * o.durationSeconds) / 8 + muxOverheadBytes(o.durationSeconds, fps, o.hasAudio);
  const videoBytes = Math.max(1, o.outputBytes - otherBytes);
  const wantedVideoBytes = CORRECTION_AIM * o.targetBytes - otherBytes;
  return Math.max(MIN_VIDEO_KBPS, Math.floor((o.videoKbps * wantedVideoBytes) / videoBytes));
}

/** The smallest target planTargetSize accepts, in MB rounded up to 0.01. */
export function smallestReachableMB(durationSeconds: number, hasAudio: boolean, fps = ASSUMED_FPS): number {
  const audioKbps = hasAudio ? (TARGET_AUDIO_KBPS.at(-1) ?? 32) : 0;
  const streamBytes = ((MIN_VIDEO_KBPS + audioKbps) * 1000 * durationSeconds) / 8;
  const bytes = (streamBytes + muxOverheadBytes(durationSeconds, fps, hasAudio)) / RATE_MARGIN;
  // +1 kbps of slack over the exact floor absorbs rounding in planTargetSize's Math.floor.
  const withSlack = bytes + (1000 * durationSeconds) / 8 / RATE_MARGIN;
  return Math.ceil(withSlack / (BYTES_PER_MB / 100)) / 100;
}

export interface CompressArgsOptions extends StreamChoice {
  input: string;
  output: string;
  hasAudio: boolean;
}

function aacAt(kbps: number): string[] {
  return ['-c:a', 'aac', '-b:a', `${kbps}k`];
}

/** Level mode: one constant-quality pass. */
export function buildCompressLevelArgs(o: CompressArgsOptions & { level: CompressLevel }): string[] {
  const tier = COMPRESS_LEVELS[o.level];
  return buildClipArgs({
    ...streamChoice(o),
    input: o.input,
    output: o.output,
    videoFilters: [EVEN_DIMENSIONS_FILTER],
    audio: o.hasAudio,
    videoCodecArgs: h264VideoArgs(tier.crf),
    audioCodecArgs: aacAt(tier.audioKbps),
  });
}

export interface TwoPassOptions extends CompressArgsOptions, Pick<TargetSizePlan, 'videoKbps' | 'audioKbps'> {
  /** x264's stats file prefix (it appends -0.log and -0.log.mbtree); inside the job's outDir. */
  passLogFile: string;
}

function x264AverageBitrate(kbps: number, pass: 1 | 2, passLogFile: string): string[] {
  // biome-ignore format: flag/value pairs read best on one line each
  return [
    '-c:v', 'libx264',
    '-preset', X264_PRESET,
    '-b:v', `${kbps}k`,
    '-pass', String(pass),
    '-passlogfile', passLogFile,
    '-pix_fmt', PIX_FMT,
    ...SDR_BT709_TAGS,
  ];
}

/**
 * Target mode: two-pass average bitrate, the one x264 mode that hits a size. Pass 1 only analyses
 * the video (no audio, output discarded; libx264 uses fast settings for it); pass 2 spends the
 * bits where pass 1 found the complexity. A single pass with -maxrate/-bufsize only caps peaks: it
 * undershoots easy clips by far more than 5 %. Both passes keep the frames' own timing, so they
 * see the same frames (x264 refuses a pass 2 whose frames differ from pass 1's).
 */
export function buildTwoPassArgs(o: TwoPassOptions): [pass1: string[], pass2: string[]] {
  // biome-ignore format: flag/value pairs read best on one line each
  const pass1 = [
    '-i', o.input,
    '-map', `0:${o.videoStream ?? 'v:0'}`,
    '-an',
    '-vf', [...sourceSdrFilters(o.input), EVEN_DIMENSIONS_FILTER].join(','),
    ...x264AverageBitrate(o.videoKbps, 1, o.passLogFile),
    ...keepTimingArgs(o.videoTimeBase),
    '-f', 'null', '/dev/null',
  ];
  const pass2 = buildClipArgs({
    ...streamChoice(o),
    input: o.input,
    output: o.output,
    videoFilters: [EVEN_DIMENSIONS_FILTER],
    audio: o.hasAudio,
    videoCodecArgs: x264AverageBitrate(o.videoKbps, 2, o.passLogFile),
    audioCodecArgs: aacAt(o.audioKbps),
  });
  return [pass1, pass2];
}

type StepContext = Pick<ToolContext<unknown>, 'signal' | 'progress' | 'log'>;

/**
 * Progress of one of two passes mapped onto its half of the bar: pass 1 is 0..50 %, pass 2 50..99 %.
 * The last 1 % is reported by the handler once the size is accepted, as a correcting pass 2 may follow.
 */
export function halfProgress(ctx: StepContext, half: 0 | 1): StepContext {
  return {
    signal: ctx.signal,
    log: ctx.log,
    progress: (percent) => ctx.progress(Math.min(99, half * 50 + percent / 2)),
  };
}

export const compressVideo: ToolHandler<CompressVideoParams> = async (ctx) => {
  const input = requireVideoInput(ctx);
  const name = `${baseName(input.name)}-compressed.mp4`;
  const streams = inputStreams(input);
  const { level, targetSizeMB } = ctx.params;

  if (level !== undefined && targetSizeMB === undefined) {
    if (!(level in COMPRESS_LEVELS)) throw new JobFailure(`Unknown compression level ${level}`);
    const output = join(ctx.outDir, 'compressed.mp4');
    await runFfmpegStep(ctx, {
      args: buildCompressLevelArgs({ input: input.path, output, ...streams, level }),
      durationSeconds: input.duration,
      what: 'Compressing',
    });
    return [{ path: output, name }];
  }
  if (targetSizeMB === undefined || level !== undefined || !(targetSizeMB > 0)) {
    throw new JobFailure('Choose a compression level (low, medium or high) or give a targetSizeMB');
  }
  const output = await compressToSize(ctx, targetSizeMB);
  return [{ path: output, name }];
};

/**
 * Pass 1 once, then pass 2 until the size is in the window (at most MAX_SIZE_ATTEMPTS times);
 * returns the accepted file: the largest one at or under the target.
 */
async function compressToSize(ctx: Parameters<typeof compressVideo>[0], targetSizeMB: number) {
  const input = requireVideoInput(ctx);
  const streams = inputStreams(input);
  const { hasAudio } = streams;
  const durationSeconds = requireDuration(input, 'to aim for a file size');
  const targetBytes = targetSizeMB * BYTES_PER_MB;
  const plan = planTargetSize({
    targetBytes,
    durationSeconds,
    hasAudio,
    fps: input.fps,
    inputBytes: (await stat(input.path)).size,
  });
  const passLogFile = join(ctx.outDir, 'x264-pass');
  const argsFor = (videoKbps: number, attempt: number) => {
    const output = join(ctx.outDir, `compressed-${attempt}.mp4`);
    const [pass1, pass2] = buildTwoPassArgs({
      input: input.path,
      output,
      ...streams,
      audioKbps: plan.audioKbps,
      videoKbps,
      passLogFile,
    });
    return { pass1, pass2, output };
  };
  // A correcting pass 2 starts again from 50 %: it is not reported going backwards.
  let reported = 0;
  const forward: StepContext = {
    signal: ctx.signal,
    log: ctx.log,
    progress: (percent) => {
      if (percent <= reported) return;
      reported = percent;
      ctx.progress(percent);
    },
  };

  await runFfmpegStep(halfProgress(forward, 0), {
    args: argsFor(plan.videoKbps, 1).pass1,
    durationSeconds,
    what: 'Analysing the video',
  });

  const attempts: { path: string; bytes: number }[] = [];
  let videoKbps: number | undefined = plan.videoKbps;
  for (let attempt = 1; attempt <= MAX_SIZE_ATTEMPTS && videoKbps !== undefined; attempt++) {
    const { pass2, output } = argsFor(videoKbps, attempt);
    await runFfmpegStep(halfProgress(forward, 1), { args: pass2, durationSeconds, what: 'Compressing' });
    const bytes = (await stat(output)).size;
    ctx.log.info({ targetBytes, attempt, videoKbps, audioKbps: plan.audioKbps, bytes }, 'size-targeted pass');
    attempts.push({ path: output, bytes });
    const check = { ...plan, videoKbps, targetBytes, durationSeconds, fps: input.fps, hasAudio };
    videoKbps = correctedVideoKbps({ ...check, outputBytes: bytes });
  }

  // Never a file over the target: of those under it, the one closest to it.
  const best = attempts.filter((a) => a.bytes <= targetBytes).sort((a, b) => b.bytes - a.bytes)[0];
  if (!best) {
    throw new JobFailure(
      `Could not get this video under ${targetSizeMB} MB; try a slightly larger size or a compression level`,
    );
  }
  const output = join(ctx.outDir, 'compressed.mp4');
  await rename(best.path, output);
  // Early cleanup of the other tries and x264's stats: the job dir can be on a small disk.
  await Promise.all([
    ...attempts.filter((a) => a !== best).map((a) => rm(a.path, { force: true })),
    rm(`${passLogFile}-0.log`, { force: true }),
    rm(`${passLogFile}-0.log.mbtree`, { force: true }),
  ]);
  ctx.progress(100);
  return output;
}
