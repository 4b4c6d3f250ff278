import type { ProbeResult, ProbeStream } from './probe-types.ts';

/**
 * Which of a file's streams hold something to play. A container can declare a stream that never
 * gets a packet: an HLS segment cut before a live encoder's audio started, an IP camera's muted
 * audio PID, a TS with a spare track. ffprobe then cannot read its parameters (no sample rate, no
 * channels; no size for video) and ffmpeg fails on it as soon as it is mapped ("sample rate not
 * set", "Error configuring filter graph"), although every player simply plays the rest.
 */

/**
 * ffprobe prints sizes, rates and channel counts as 0 (or "0") when it could not read them; a field
 * it left out says nothing either way, so only a present zero counts as missing data.
 */
const readAsZero = (value: string | number | undefined) => value !== undefined && !(Number(value) > 0);

/** Cover art is stored as a one-frame video stream; it does not make a file a video. */
export const isCoverArt = (s: ProbeStream): boolean => s.disposition?.attached_pic === 1;

/** A video stream with a decoder and a frame size: one ffmpeg can decode. Cover art is not one. */
export function isPlayableVideo(s: ProbeStream): boolean {
  return (
    s.codec_type === 'video' &&
    !isCoverArt(s) &&
    s.codec_name !== undefined &&
    !readAsZero(s.width) &&
    !readAsZero(s.height)
  );
}

/** An audio stream with a decoder, a sample rate and channels: one that held packets when probed. */
export function isPlayableAudio(s: ProbeStream): boolean {
  return (
    s.codec_type === 'audio' &&
    s.codec_name !== undefined &&
    !readAsZero(s.sample_rate) &&
    !readAsZero(s.channels)
  );
}

/** The video stream tools take: the first playable one. */
export function firstPlayableVideo(probe: Pick<ProbeResult, 'streams'>): ProbeStream | undefined {
  return probe.streams.find(isPlayableVideo);
}

/** The sound tools keep: the first playable audio stream (browsers play only the first anyway). */
export function firstPlayableAudio(probe: Pick<ProbeResult, 'streams'>): ProbeStream | undefined {
  return probe.streams.find(isPlayableAudio);
}
