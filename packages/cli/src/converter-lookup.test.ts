import { publicCatalog } from '@mediakit/catalog';
import type { Tool } from '@mediakit/client';
import { describe, expect, test } from 'vitest';
import { findConverter } from './converter-lookup.ts';

// The catalog as GET /api/v1/tools lists it.
const tools = publicCatalog() as unknown as Tool[];

describe('findConverter', () => {
  test.each([
    ['in.mov', 'mp4', 'mov-to-mp4', {}],
    ['photo.JPEG', 'webp', 'jpg-to-webp', {}],
    ['scan.tif', '.png', 'tiff-to-png', {}],
    ['capture.m2ts', 'mp4', 'mpeg-ts-to-mp4', {}],
    // No flac-to-ogg: the audio converter takes FLAC and writes OGG.
    ['song.flac', 'ogg', 'audio-converter', { format: 'ogg' }],
    ['clip.mp4', 'opus', 'audio-converter', { format: 'opus' }],
    // 3G2 has no converter of its own; the catalog's MIME type finds the audio converter.
    ['phone.3g2', 'mp3', 'audio-converter', { format: 'mp3' }],
  ])('%s --to %s runs %s', (file, to, tool, params) => {
    expect(findConverter(tools, file, to)).toEqual({ tool, params });
  });

  test('a target no converter writes is refused, listing what the file can become', () => {
    expect(() => findConverter(tools, 'song.flac', 'gif')).toThrow(
      'There is no converter from flac to gif. song.flac can become: m4a, mp3, ogg, opus, wav.',
    );
  });

  test.each([
    ['notes.txt', 'pdf', 'Mediakit has no converter for txt files like notes.txt.'],
    ['clip.mp4', 'MP4', 'clip.mp4 is already mp4.'],
    ['README', 'mp4', 'README has no extension, so mediakit cannot tell which converter to use.'],
  ])('%s --to %s: %s', (file, to, sentence) => {
    expect(() => findConverter(tools, file, to)).toThrow(sentence);
  });
});
