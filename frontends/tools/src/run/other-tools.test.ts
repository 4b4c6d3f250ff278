import { catalog, toPublicTool } from '@mediakit/catalog';
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
});
