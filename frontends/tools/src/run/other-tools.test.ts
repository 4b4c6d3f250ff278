import {
  audioConversionTools,
  audioConverters,
  audioEditingTools,
  catalog,
  toPublicTool,
} from '@mediakit/catalog';
import type { Tool } from '@mediakit/web-api/types';
import { describe, expect, test } from 'vitest';
import { toolsFor } from './other-tools.ts';

const tools = catalog.map((entry) => toPublicTool(entry)) as unknown as Tool[];

describe('use in another tool', () => {
  test('an MP4 output goes to the video tools, never back to the converter that made it, nor to image tools', () => {
    const names = toolsFor(tools, 'video/mp4', 'mov-to-mp4').map((t) => t.name);
    expect(names).toContain('trim-video');
    expect(names).toContain('compress-video');
    expect(names).not.toContain('mov-to-mp4');
    expect(names).not.toContain('heic-to-jpg');
    expect(names).not.toContain('resize-image');
    // single-input tools come before the overlays that need a second file
    expect(names.indexOf('trim-video')).toBeLessThan(names.indexOf('overlay-video-on-video'));
  });

  test('a JPEG output goes to the image tools and the JPG converter', () => {
    const names = toolsFor(tools, 'image/jpeg', 'heic-to-jpg').map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining(['compress-image', 'crop-image', 'jpg-to-png', 'convert-image-to-video']),
    );
    expect(names).not.toContain('png-to-jpg');
    expect(names.indexOf('compress-image')).toBeLessThan(names.indexOf('jpg-to-png'));
  });

  test('an audio output goes to the audio tools first, then the audio converters, never to video tools', () => {
    // The audio entries join `catalog` when their workers land; until then, added here by hand.
    const named = new Set(catalog.map((entry) => entry.name));
    const audio = [...audioEditingTools, ...audioConversionTools, ...audioConverters].filter(
      (entry) => !named.has(entry.name),
    );
    const all = [...tools, ...(audio.map((entry) => toPublicTool(entry)) as unknown as Tool[])];
    const names = toolsFor(all, 'audio/mpeg', 'trim-audio').map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining(['normalize-audio', 'fade-audio', 'audio-converter', 'mp3-to-wav']),
    );
    expect(names).not.toContain('trim-audio');
    expect(names).not.toContain('trim-video');
    expect(names).not.toContain('extract-audio');
    expect(names.indexOf('normalize-audio')).toBeLessThan(names.indexOf('mp3-to-wav'));
    // join-audio needs a second file: after the tools that take this one alone
    expect(names.indexOf('fade-audio')).toBeLessThan(names.indexOf('join-audio'));
  });
});
