import type { ProbeResult } from '@mediakit/ffmpeg';
import { describe, expect, it } from 'vitest';
import { canCopyAudio } from './audio-output.ts';
import { type AudioStreams, audioStreams } from './audio-source.ts';
import { buildConvertAudioArgs } from './convert-audio.ts';

const mp3: AudioStreams = {
  input: 'in.mp3',
  audioStream: '0',
  coverStream: '1',
  codec: 'mp3',
  sampleRate: 44100,
  channels: 2,
};

describe('buildConvertAudioArgs', () => {
  it('copies an MP3 into MP3 with its cover and tags when nothing asks for an encode', () => {
    expect(buildConvertAudioArgs(mp3, 'mp3', {}, 'out.mp3')).toEqual([
      '-i',
      'in.mp3',
      '-map',
      '0:0',
      '-map',
      '0:1',
      '-c:v',
      'copy',
      '-disposition:v:0',
      'attached_pic',
      '-c:a',
      'copy',
      '-id3v2_version',
      '3',
      '-map_metadata',
      '0',
      'out.mp3',
    ]);
  });

  it('encodes at the asked bitrate, and drops cover and tags on strip', () => {
    expect(buildConvertAudioArgs(mp3, 'mp3', { bitrate: 128, tags: 'strip' }, 'out.mp3')).toEqual([
      '-i',
      'in.mp3',
      '-map',
      '0:0',
      '-c:a',
      'libmp3lame',
      '-id3v2_version',
      '3',
      '-b:a',
      '128k',
      '-map_metadata',
      '-1',
      '-map_chapters',
      '-1',
      'out.mp3',
    ]);
  });

  it('mixes 5.1 down for MP3, keeps no cover in Opus and lifts Vorbis-comment tags to the file', () => {
    const surround: AudioStreams = {
      input: 'in.ogg',
      audioStream: '0',
      tagStream: '0',
      codec: 'vorbis',
      channels: 6,
    };
    expect(buildConvertAudioArgs(surround, 'mp3', {}, 'out.mp3')).toEqual([
      '-i',
      'in.ogg',
      '-map',
      '0:0',
      '-c:a',
      'libmp3lame',
      '-id3v2_version',
      '3',
      '-q:a',
      '2',
      '-ac',
      '2',
      '-map_metadata',
      '0',
      '-map_metadata:g',
      '0:s:0',
      'out.mp3',
    ]);
    expect(buildConvertAudioArgs(mp3, 'opus', { sampleRate: 48000 }, 'out.opus')).toEqual([
      '-i',
      'in.mp3',
      '-map',
      '0:0',
      '-c:a',
      'libopus',
      '-vbr',
      'on',
      '-b:a',
      '96k',
      '-ar',
      '48000',
      '-map_metadata',
      '0',
      'out.opus',
    ]);
  });
});

describe('canCopyAudio', () => {
  const aac = { codec: 'aac', sampleRate: 48000, channels: 2 };
  it('copies the same codec unless a setting differs from the stream', () => {
    expect(canCopyAudio('m4a', {}, aac)).toBe(true);
    expect(canCopyAudio('m4a', { sampleRate: 48000, channels: 'stereo', tags: 'strip' }, aac)).toBe(true);
    expect(canCopyAudio('m4a', { sampleRate: 44100 }, aac)).toBe(false);
    expect(canCopyAudio('m4a', { channels: 'mono' }, aac)).toBe(false);
    expect(canCopyAudio('m4a', { vbr: 'best' }, aac)).toBe(false);
    expect(canCopyAudio('mp3', {}, aac)).toBe(false);
    expect(canCopyAudio('ogg', {}, { codec: 'opus' })).toBe(false);
  });
});

describe('audioStreams', () => {
  const probe = (streams: unknown[], tags?: Record<string, string>) =>
    ({ streams, format: { tags } }) as unknown as ProbeResult;

  it('takes the first audio that holds sound, a JPEG or PNG cover, and stream tags only without file tags', () => {
    const streams = [
      { index: 0, codec_type: 'video', codec_name: 'h264', width: 640, height: 360 },
      { index: 1, codec_type: 'audio', codec_name: 'aac', sample_rate: '0', channels: 0 },
      {
        index: 2,
        codec_type: 'audio',
        codec_name: 'opus',
        sample_rate: '48000',
        channels: 2,
        tags: { TITLE: 'x' },
      },
      { index: 3, codec_type: 'video', codec_name: 'png', disposition: { attached_pic: 1 } },
    ];
    expect(audioStreams('in.mkv', probe(streams))).toEqual({
      input: 'in.mkv',
      audioStream: '2',
      coverStream: '3',
      tagStream: '2',
      codec: 'opus',
      sampleRate: 48000,
      channels: 2,
    });
    expect(audioStreams('in.mkv', probe(streams, { title: 'y' }))?.tagStream).toBeUndefined();
  });

  it('finds no sound in a video whose audio track is declared but empty', () => {
    const streams = [
      { index: 0, codec_type: 'video', codec_name: 'h264', width: 640, height: 360 },
      { index: 1, codec_type: 'audio', codec_name: 'aac', sample_rate: '0', channels: 0 },
    ];
    expect(audioStreams('in.mp4', probe(streams))).toBeUndefined();
  });
});
