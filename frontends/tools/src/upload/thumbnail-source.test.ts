import { describe, expect, test } from 'vitest';
import { DECODE_LIMIT, thumbnailSource } from './thumbnail-source.ts';

const image = { kind: 'image' } as const;
const video = { kind: 'video' } as const;

describe('where a card’s thumbnail comes from', () => {
  test('a picked picture is drawn from the device once its size is known to be small enough', () => {
    expect(thumbnailSource(image, { local: true, pixels: 24 * 16, settled: false })).toBe('device');
    expect(thumbnailSource(image, { local: true, settled: false })).toBe('wait');
    expect(thumbnailSource(image, { local: true, pixels: 30000 * 30000, settled: false })).toBe('stand-in');
    // Its header unread and the upload over without a size (or failed): a stand-in, not a wait forever.
    expect(thumbnailSource(image, { local: true, settled: true })).toBe('stand-in');
  });

  test('a picked video gives its first frame from the device; a file from the server its link', () => {
    expect(thumbnailSource(video, { local: true, settled: false })).toBe('device');
    expect(thumbnailSource(video, { local: false, settled: true })).toBe('server');
    expect(thumbnailSource(image, { local: false, pixels: DECODE_LIMIT, settled: true })).toBe('server');
    expect(thumbnailSource(image, { local: false, pixels: DECODE_LIMIT + 1, settled: true })).toBe(
      'stand-in',
    );
  });

  test('formats browsers cannot draw: a stand-in', () => {
    expect(thumbnailSource({ kind: 'stand-in', label: 'HEIC' }, { local: true, settled: false })).toBe(
      'stand-in',
    );
  });
});
