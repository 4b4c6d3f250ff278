import { open, stat } from 'node:fs/promises';
import { checkVideoLimits, type VideoLimits, type VideoLimitsInput } from '@mediakit/catalog';
import {
  classifyFfmpegError,
  displayedSize,
  FfmpegError,
  failureSentence,
  ffprobe,
  firstPlayableVideo,
  type ProbeResult,
  streamFps,
  undecodableVideo,
} from '@mediakit/ffmpeg';
import { probeDuration } from '@mediakit/media';
import {
  guardAllHandlers,
  JobFailure,
  type JobInput,
  refuseInputsOverLimits,
  type ToolContext,
  type ToolHandler,
  type ToolHandlers,
} from '@mediakit/worker';
import { colourNotes, forgetSources, rememberSource } from './tools/source-colour.ts';

/**
 * Defence in depth around every tool: before a handler starts, each input's local copy is read
 * again with ffprobe (restricted to local files and accepted formats) and held to the video
 * limits. The jobs service already checked what the files service recorded at upload, but this is
 * the file ffmpeg is about to read: a record can be old, written by an older version, or wrong.
 */
export function guardHandlers(handlers: ToolHandlers, limits: VideoLimits): ToolHandlers {
  return guardAllHandlers(handlers, limits, guardHandler);
}

export function guardHandler<P>(handler: ToolHandler<P>, limits: VideoLimits): ToolHandler<P> {
  return async (ctx) => {
    const paths = ctx.inputs.map((input) => input.path);
    try {
      await checkInputs(ctx, limits);
      const outputs = await handler(ctx);
      // What the colour filters did (source-colour.ts), said once with the result.
      const [note] = colourNotes(paths);
      return note ? outputs.map((output) => ({ ...output, note: output.note ?? note })) : outputs;
    } finally {
      forgetSources(paths);
    }
  };
}

/**
 * The video limits, held to each input as ffprobe reads it (worker's refuseInputsOverLimits). A missing
 * ffprobe is passed on untouched: that is not the file's fault.
 */
export function checkInputs(
  ctx: Pick<ToolContext<unknown>, 'inputs' | 'signal' | 'log'>,
  limits: VideoLimits,
): Promise<void> {
  return refuseInputsOverLimits(ctx, {
    kind: 'video',
    measure: measureInput,
    check: (measured) => checkVideoLimits([measured], limits),
  });
}

/**
 * What the limits are checked on, read from the file itself: videos, images and audio, what the
 * transcoder's tools take. undefined for other media, which are left to the handler. Audio is held
 * to the length and size only (its handlers say when it has no sound).
 */
export async function measureInput(
  input: Pick<JobInput, 'name' | 'media' | 'path'>,
  signal?: AbortSignal,
): Promise<VideoLimitsInput | undefined> {
  if (input.media !== 'video' && input.media !== 'image' && input.media !== 'audio') return undefined;
  const { size } = await stat(input.path);
  let probe: ProbeResult;
  try {
    probe = await ffprobe(input.path, { signal });
    probes.set(input, probe);
    rememberSource(input.path, probe);
  } catch (err) {
    if (err instanceof FfmpegError) throw unreadableInputError(input.name, err, input.media);
    throw err;
  }
  if (input.media === 'audio')
    return { name: input.name, media: input.media, duration: probeDuration(probe), size };
  const undecodable = undecodableVideo(probe);
  if (undecodable) {
    throw new JobFailure(failureSentence('unsupported', { name: input.name, probe }), {
      log: `no decoder for video stream ${undecodable.index} (tag ${undecodable.codec_tag_string ?? 'none'})`,
    });
  }
  // Cover art is not a picture to work on, nor a declared stream that holds no frames.
  const picture = firstPlayableVideo(probe);
  if (!picture) {
    throw new JobFailure(failureSentence('no-video', { name: input.name, probe }), {
      log: `ffprobe found no video stream (format ${probe.format.format_name})`,
    });
  }

  // ffprobe reads an MP4 whose index comes first even when the media data after it was cut off,
  // and ffmpeg then "succeeds" with a shorter output. The box sizes tell.
  if (probe.format.format_name.split(',').includes('mov')) {
    const cut = await truncatedIsoBox(input.path, size);
    if (cut) {
      throw new JobFailure(
        `${input.name} could not be read as a video: the file is cut short (its "${cut.type}" part needs ${cut.end} bytes, the file has ${size}). Upload the complete file.`,
      );
    }
  }

  return {
    name: input.name,
    media: input.media,
    ...displayedSize(picture),
    duration: input.media === 'video' ? probeDuration(probe) : undefined,
    fps: input.media === 'video' ? streamFps(picture) : undefined,
    size,
  };
}

/**
 * The failure for an input ffprobe could not read, in words: damaged, or a format we do not read.
 * A kill we did not send or a full disk is ours and is passed on for a retry; ffprobe's own text
 * goes to the job's log only.
 */
export function unreadableInputError(name: string, err: FfmpegError, media?: string): unknown {
  const log = err.stderrTail || err.message;
  if (err.timedOut) {
    return new JobFailure(
      `${name} took too long to read: it is probably damaged. Upload the complete original file.`,
      {
        log,
      },
    );
  }
  const kind = classifyFfmpegError(err);
  if (kind === 'ours') return err;
  if (kind === 'damaged' || kind === 'unsupported' || kind === 'no-video') {
    return new JobFailure(failureSentence(kind, { name, media }), { log });
  }
  const sentence =
    media === 'audio'
      ? 'not an audio format we support. Export it again as MP3, WAV or FLAC'
      : 'not a video format we support. Export it again as MP4 (H.264)';
  return new JobFailure(`${name} could not be read: it is damaged, or ${sentence} and upload that.`, { log });
}

/**
 * What the guard's ffprobe read of each input, for a handler that needs the same headers: every
 * ffprobe is a process start plus a read, which a remux job would otherwise pay twice on the same
 * file. Keyed by the job's input object, so it is gone with the job.
 */
const probes = new WeakMap<object, ProbeResult>();

/** The probe the guard made of this input of the running job, if it made one. */
export function probedByGuard(input: object): ProbeResult | undefined {
  return probes.get(input);
}

/** A real box type is four printable ASCII characters ("moov", "mdat", "©xyz" aside). */
const BOX_TYPE = /^[\x20-\x7e]{4}$/;
/** Enough for any real file's top level (ftyp, free, mdat, moov, moof/mdat fragments...). */
const MAX_TOP_LEVEL_BOXES = 100_000;

/**
 * Walks the top-level boxes of an ISO-BMFF file (MP4, MOV, M4A): each starts with its 32-bit size
 * (1: a 64-bit size follows; 0: to the end of the file) and its type. Returns the first box that
 * claims to end past the end of the file, or undefined when they all fit. Bytes that do not look
 * like a box end the walk without a verdict: trailing padding or junk is not truncation.
 */
export async function truncatedIsoBox(
  path: string,
  fileSize: number,
): Promise<{ type: string; end: number } | undefined> {
  const file = await open(path, 'r');
  try {
    const header = Buffer.alloc(16);
    let offset = 0;
    for (let n = 0; n < MAX_TOP_LEVEL_BOXES && offset + 8 <= fileSize; n++) {
      const { bytesRead } = await file.read(header, 0, 16, offset);
      if (bytesRead < 8) return undefined;
      const type = header.toString('latin1', 4, 8);
      if (!BOX_TYPE.test(type)) return undefined;
      const size32 = header.readUInt32BE(0);
      let boxSize: number;
      if (size32 === 0) return undefined;
      if (size32 === 1) {
        if (bytesRead < 16) return { type, end: offset + 16 };
        boxSize = Number(header.readBigUInt64BE(8));
        if (boxSize < 16) return undefined;
      } else {
        if (size32 < 8) return undefined;
        boxSize = size32;
      }
      const end = offset + boxSize;
      if (end > fileSize) return { type, end };
      offset = end;
    }
    return undefined;
  } finally {
    await file.close();
  }
}
