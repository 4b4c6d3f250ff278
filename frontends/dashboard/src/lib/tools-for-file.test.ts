import type { Tool } from '@mediakit/web-api/types';
import { expect, test } from 'vitest';
import { openInToolPath, toolsForFile } from './tools-for-file.ts';

const tool = (name: string, kind: Tool['kind'], accept: string[], title = name): Tool => ({
  name,
  kind,
  media: 'image',
  title,
  description: '',
  inputs: { min: 1, max: 1, accept },
  params: {},
  output: { media: 'image', formats: [] },
});

const catalog = [
  tool('png-to-jpg', 'converter', ['image/png'], 'PNG to JPG'),
  tool('resize-image', 'tool', ['image/png', 'image/jpeg'], 'Resize image'),
  tool('crop-image', 'tool', ['image/*'], 'Crop image'),
  tool('trim-video', 'tool', ['video/mp4'], 'Trim video'),
];

test('entries that accept the file, tools first, then by title', () => {
  expect(toolsForFile(catalog, { mime: 'image/png' }).map((t) => t.name)).toEqual([
    'crop-image',
    'resize-image',
    'png-to-jpg',
  ]);
  expect(toolsForFile(catalog, { mime: 'video/mp4' }).map((t) => t.name)).toEqual(['trim-video']);
  expect(toolsForFile(catalog, { mime: 'application/zip' })).toEqual([]);
});

test('the tool page gets the file id, escaped', () => {
  expect(openInToolPath(catalog[0], { id: 'a b' })).toBe('/converter/png-to-jpg?file=a%20b');
  expect(openInToolPath(catalog[1], { id: 'x1' })).toBe('/tool/resize-image?file=x1');
});
