import { describe, expect, it } from 'vitest';
import type { ProbeStream } from './probe-types.ts';
import { firstPlayableAudio, firstPlayableVideo, isPlayableAudio, isPlayableVideo } from './streams.ts';

// As ffprobe 5.1 prints them for an HLS segment cut before the encoder's audio started.
const declaredAudio: ProbeStream = {
  index: 1,
  codec_type: 'audio',
  codec_name: 'aac',
  sample_rate: '0',
  channels: 0,
};
const audio: ProbeStream = {
  index: 2,
  codec_type: 'audio',
  codec_name: 'aac',
  sample_rate: '48000',
  channels: 2,
};
const video: ProbeStream = { index: 0, codec_type: 'video', codec_name: 'h264', width: 426, height: 240 };

describe('playable streams', () => {
  it('skips an audio stream that is declared but never got a packet', () => {
    expect(isPlayableAudio(declaredAudio)).toBe(false);
    expect(isPlayableAudio(audio)).toBe(true);
    expect(firstPlayableAudio({ streams: [video, declaredAudio, audio] })?.index).toBe(2);
    expect(firstPlayableAudio({ streams: [video, declaredAudio] })).toBeUndefined();
  });

  it('skips video without a size or a decoder, and cover art', () => {
    expect(isPlayableVideo({ ...video, width: 0, height: 0 })).toBe(false);
    expect(isPlayableVideo({ index: 0, codec_type: 'video', width: 320, height: 240 })).toBe(false);
    const cover = { ...video, index: 3, disposition: { attached_pic: 1 } };
    expect(firstPlayableVideo({ streams: [cover, audio, video] })?.index).toBe(0);
  });

  it('takes a stream whose fields ffprobe left out', () => {
    expect(isPlayableAudio({ index: 0, codec_type: 'audio', codec_name: 'opus' })).toBe(true);
    expect(isPlayableVideo({ index: 0, codec_type: 'video', codec_name: 'vp8' })).toBe(true);
  });
});
