import { firstPlayableAudio, firstPlayableVideo } from '@mediakit/ffmpeg';
import type { JobInput } from '@mediakit/worker';
import { probedByGuard } from '../guard.ts';

/**
 * Which streams of one input a tool maps, as ffmpeg stream specifiers within that input ("0:2" is
 * `0:` + "2"). Only streams that hold something are taken: a container may declare an audio track
 * that never got a packet (an HLS segment cut before a live encoder's sound started), and mapping
 * it fails the whole job ("sample rate not set") where every player just plays the picture.
 */
export interface StreamChoice {
  /** The video: its index from the guard's probe, e.g. "0"; each tool's own default ("v:0") without one. */
  videoStream?: string;
  /** The sound: the first audio stream that holds any, e.g. "1"; each tool's own default without a probe. */
  audioStream?: string;
  /**
   * The video stream's time base ("1/1000" for WebM), given to the encoder so that each frame keeps
   * its own timestamp instead of being rounded onto a guessed frame rate's grid.
   */
  videoTimeBase?: string;
}

/** What a handler passes on to its argument builder: whether to keep sound, and from which streams. */
export interface InputStreams extends StreamChoice {
  hasAudio: boolean;
}

/**
 * The streams to map from a job's input, read from the guard's probe of this very file (every
 * handler runs behind the guard). Without a probe (a handler called on its own, in a unit test) the
 * stored MediaInfo decides, whose hasAudio also counts only audio that holds sound; when that is
 * unknown too, `unknownAudio` (true: the builders then map the first audio as optional, `a:0?`).
 */
export function inputStreams(input: JobInput, unknownAudio = true): InputStreams {
  const probe = probedByGuard(input);
  if (!probe) return { hasAudio: input.hasAudio ?? unknownAudio };
  const video = firstPlayableVideo(probe);
  const audio = firstPlayableAudio(probe);
  return {
    hasAudio: audio !== undefined,
    ...(video ? { videoStream: String(video.index) } : {}),
    ...(audio ? { audioStream: String(audio.index) } : {}),
    ...(video?.time_base ? { videoTimeBase: video.time_base } : {}),
  };
}

/** The StreamChoice fields of a builder's options, to hand on to a shared builder. */
export function streamChoice(o: StreamChoice): StreamChoice {
  return { videoStream: o.videoStream, audioStream: o.audioStream, videoTimeBase: o.videoTimeBase };
}
