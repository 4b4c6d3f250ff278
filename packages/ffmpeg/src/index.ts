// @mediakit/ffmpeg: the one place that spawns ffmpeg/ffprobe and reads their output.

export type { FfmpegErrorDetails, FfmpegTool } from './errors.ts';
export { AbortError, FfmpegError, summarizeStderr } from './errors.ts';
export type { FailureContext, FailureKind } from './explain.ts';
export {
  classifyFfmpegError,
  classifyStderr,
  describeCodec,
  describeStreams,
  failureSentence,
  undecodableVideo,
} from './explain.ts';
export type { FfprobeOptions } from './ffprobe.ts';
export { buildFfprobeArgs, DEFAULT_FFPROBE_TIMEOUT_MS, ffprobe, parseProbeJson } from './ffprobe.ts';
export { parseFrameRate, streamFps } from './frame-rate.ts';
export type { ProbeFormat, ProbeResult, ProbeSideData, ProbeStream } from './probe-types.ts';
export type { ProgressBlock } from './progress.ts';
export {
  MAX_RUNNING_PERCENT,
  ProgressParser,
  ProgressTracker,
  progressPercent,
  progressSeconds,
} from './progress.ts';
export { displayedSize, streamRotation } from './rotation.ts';
export type { FfmpegRunResult, RunFfmpegOptions } from './run-ffmpeg.ts';
export { buildFfmpegArgs, runFfmpeg, STDERR_TAIL_BYTES } from './run-ffmpeg.ts';
export { INPUT_DEMUXERS, INPUT_PROTOCOLS, inputRestrictionArgs, secureInputs } from './secure-inputs.ts';
export {
  firstPlayableAudio,
  firstPlayableVideo,
  isCoverArt,
  isPlayableAudio,
  isPlayableVideo,
} from './streams.ts';
export { TailBuffer } from './tail-buffer.ts';
