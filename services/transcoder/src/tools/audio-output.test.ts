import { describe, expect, it } from 'vitest';
import { audioExtension, audioOutputArgs, keepsCover, sameAudioFormat } from './audio-output.ts';

describe('audioOutputArgs', () => {
  it('uses a constant bitrate when one is given', () => {
    expect(audioOutputArgs('mp3', { bitrate: 128 })).toEqual([
      '-c:a',
      'libmp3lame',
      '-id3v2_version',
      '3',
      '-b:a',
      '128k',
      '-map_metadata',
      '0',
    ]);
  });

  it('maps VBR levels per codec, and AAC levels to bitrates', () => {
    expect(audioOutputArgs('mp3', { vbr: 'best' })).toContain('-q:a');
    expect(audioOutputArgs('ogg', { vbr: 'low' }).join(' ')).toContain('-q:a 2');
    expect(audioOutputArgs('m4a', { vbr: 'high' }).join(' ')).toContain('-b:a 192k');
  });

  it('sets sample rate and channels, and mixes 5.1 down for MP3 only', () => {
    expect(audioOutputArgs('flac', { sampleRate: 44100, channels: 'mono' }).join(' ')).toContain(
      '-ar 44100 -ac 1',
    );
    expect(audioOutputArgs('mp3', {}, 6).join(' ')).toContain('-ac 2');
    expect(audioOutputArgs('flac', {}, 6)).not.toContain('-ac');
  });

  it('strips tags and chapters on request', () => {
    expect(audioOutputArgs('m4a', { tags: 'strip' }).join(' ')).toContain(
      '-map_metadata -1 -map_chapters -1',
    );
    expect(keepsCover('mp3', { tags: 'strip' })).toBe(false);
    expect(keepsCover('mp3', {})).toBe(true);
    expect(keepsCover('ogg', {})).toBe(false);
  });
});

describe('sameAudioFormat', () => {
  it('keeps formats we write and writes M4A for the rest', () => {
    expect(sameAudioFormat('flac')).toBe('flac');
    expect(sameAudioFormat('wma')).toBe('m4a');
    expect(audioExtension('opus')).toBe('opus');
  });
});
