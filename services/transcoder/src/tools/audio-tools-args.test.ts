import type { JobInput } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';
import { describe, expect, it } from 'vitest';
import { fadeFilters, measuredPeakDb, trimFilters, volumeFilters } from './audio-edits.ts';
import { buildAudioFilterArgs } from './audio-filter-tool.ts';
import { audioTarget } from './audio-source.ts';
import { buildJoinAudioArgs, checkCrossfade, joinFormat } from './join-audio.ts';
import {
  buildLoudnessMeasureArgs,
  loudnessTarget,
  loudnormApplyFilters,
  parseLoudnorm,
} from './normalize-audio.ts';

const input = (name: string, format: string): JobInput =>
  ({ fileId: name, path: `/in/${name}`, name, format, mime: 'audio/x', media: 'audio' }) as JobInput;
const mp3 = { input: input('song.mp3', 'mp3'), audioStream: '0', coverStream: '1', channels: 2 };

describe('audio tool filters', () => {
  it('trims on samples, volumes with an oversampled limiter, fades to the last sample', () => {
    expect(trimFilters(1.5, 3, 44_100)).toEqual([
      'atrim=start_sample=66150:end_sample=132300',
      'asetpts=PTS-STARTPTS',
    ]);
    expect(volumeFilters(50, false, 44_100)).toEqual(['volume=0.5']);
    expect(volumeFilters(200, true, 48_000)).toEqual([
      'volume=2',
      'aresample=192000',
      'astats=measure_perchannel=0:measure_overall=Peak_level',
      'alimiter=limit=0.8913:level=false:latency=true',
      'aresample=48000',
    ]);
    expect(fadeFilters(2, 3, 10.5)).toEqual(['afade=t=in:st=0:d=2', 'afade=t=out:st=7.5:d=3']);
    expect(fadeFilters(0, 1, 4)).toEqual(['afade=t=out:st=3:d=1']);
  });

  it('reads the peak astats printed, and loudnorm’s measurement', () => {
    expect(
      measuredPeakDb('[Parsed_astats_2 @ 0x1] Overall\n[Parsed_astats_2 @ 0x1] Peak level dB: 4.25\n'),
    ).toBe(4.25);
    expect(measuredPeakDb('nothing')).toBeUndefined();
    const log = `size=N/A\n[Parsed_loudnorm_0 @ 0x5] \n{\n\t"input_i" : "-21.75",\n\t"input_tp" : "-18.06",\n\t"input_lra" : "3.20",\n\t"input_thresh" : "-31.75",\n\t"target_offset" : "0.05"\n}\n`;
    expect(parseLoudnorm(log)).toEqual({
      input_i: -21.75,
      input_tp: -18.06,
      input_lra: 3.2,
      input_thresh: -31.75,
      target_offset: 0.05,
    });
    expect(parseLoudnorm(log.replace('"-21.75"', '"-inf"'))?.input_i).toBe(Number.NEGATIVE_INFINITY);
    expect(parseLoudnorm('no json')).toBeUndefined();
  });

  it('normalises in two passes: measure, then apply with the measured values at the input rate', () => {
    const t = loudnessTarget({ preset: 'podcast' });
    expect(t).toEqual({ target: -16, truePeak: -1 });
    expect(loudnessTarget({ preset: 'custom', target: -19.5, truePeak: -2 })).toEqual({
      target: -19.5,
      truePeak: -2,
    });
    expect(buildLoudnessMeasureArgs('/in/a.wav', '0', t)).toEqual([
      '-i',
      '/in/a.wav',
      '-map',
      '0:0',
      '-af',
      'loudnorm=I=-16:TP=-1:LRA=7:print_format=json',
      '-f',
      'null',
      '-',
    ]);
    const m = { input_i: -30.123, input_tp: -9, input_lra: 12.2, input_thresh: -40.5, target_offset: 0.3 };
    expect(loudnormApplyFilters(t, m, 44_100)).toEqual([
      'loudnorm=I=-16:TP=-1:LRA=13:measured_I=-30.12:measured_TP=-9:measured_LRA=12.2:measured_thresh=-40.5:offset=0.3:linear=true:print_format=summary',
      'aresample=44100',
    ]);
  });
});

describe('audio tool commands', () => {
  it('maps the sound and the cover, keeps tags, and encodes a lossy output near the input’s bitrate', () => {
    const target = audioTarget('same', { ...mp3, lossyKbps: 191.7 });
    expect(target).toEqual({ format: 'mp3', settings: { bitrate: 192, channels: 'stereo' } });
    expect(
      buildAudioFilterArgs({ source: mp3, filters: ['volume=2'], ...target, output: '/out/v.mp3' }),
    ).toEqual([
      '-i',
      '/in/song.mp3',
      '-af',
      'volume=2',
      '-map',
      '0:0',
      '-map',
      '0:1',
      '-c:v',
      'copy',
      '-disposition:v:0',
      'attached_pic',
      '-c:a',
      'libmp3lame',
      '-id3v2_version',
      '3',
      '-b:a',
      '192k',
      '-ac',
      '2',
      '-map_metadata',
      '0',
      '/out/v.mp3',
    ]);
    // Lossless out, or lossless in: the format's own default; a WMA input becomes M4A for `same`.
    expect(audioTarget('flac', { ...mp3, lossyKbps: 128 })).toEqual({
      format: 'flac',
      settings: { channels: 'stereo' },
    });
    expect(audioTarget(undefined, { input: input('a.wma', 'wma'), channels: 1, lossyKbps: 20 })).toEqual({
      format: 'm4a',
      settings: { bitrate: 32, channels: 'mono' },
    });
  });

  it('joins back to back with concat, or crossfaded with a chain of acrossfade', () => {
    const sources = [
      mp3,
      { input: input('b.wav', 'wav'), audioStream: '0' },
      { input: input('c.wav', 'wav'), audioStream: '0' },
    ];
    const target = audioTarget('wav', { input: sources[1].input, channels: 2 });
    const format = { sampleRate: 48_000, layout: 'stereo' as const };
    const norm = (i: number) =>
      `[${i}:0]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo[a${i}]`;
    const tail = ['-map', '[out]', '-c:a', 'pcm_s16le', '-ac', '2', '-map_metadata', '0', '/out/j.wav'];
    const inputs = ['-i', '/in/song.mp3', '-i', '/in/b.wav', '-i', '/in/c.wav'];
    expect(buildJoinAudioArgs({ sources, format, crossfade: 0, target, output: '/out/j.wav' })).toEqual([
      ...inputs,
      '-filter_complex',
      [norm(0), norm(1), norm(2), '[a0][a1][a2]concat=n=3:v=0:a=1[out]'].join(';'),
      ...tail,
    ]);
    expect(buildJoinAudioArgs({ sources, format, crossfade: 1.5, target, output: '/out/j.wav' })).toEqual([
      ...inputs,
      '-filter_complex',
      [norm(0), norm(1), norm(2), '[a0][a1]acrossfade=d=1.5[x1]', '[x1][a2]acrossfade=d=1.5[out]'].join(';'),
      ...tail,
    ]);
  });

  it('keeps a shared rate and layout, else joins at 48 kHz stereo; refuses a crossfade longer than a file', () => {
    expect(
      joinFormat([
        { sampleRate: 44_100, channels: 1 },
        { sampleRate: 44_100, channels: 1 },
      ]),
    ).toEqual({
      sampleRate: 44_100,
      layout: 'mono',
    });
    expect(
      joinFormat([
        { sampleRate: 44_100, channels: 1 },
        { sampleRate: 48_000, channels: 2 },
      ]),
    ).toEqual({
      sampleRate: 48_000,
      layout: 'stereo',
    });
    const files = [
      { input: input('long.mp3', 'mp3'), duration: 30 },
      { input: input('blip.wav', 'wav'), duration: 2 },
    ];
    expect(() => checkCrossfade(files, 1)).not.toThrow();
    expect(() => checkCrossfade(files, 3)).toThrow(JobFailure);
    expect(() => checkCrossfade(files, 3)).toThrow(/longer than blip\.wav \(2 s\)/);
  });
});
