import { describe, expect, test } from 'vitest';
import { formatLabel, previewPlan } from './media-preview.ts';

describe('how a file is previewed', () => {
  test('images browsers draw are drawn; a video is tried for its first frame', () => {
    for (const mime of ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/bmp'])
      expect(previewPlan(mime, 'server')).toEqual({ kind: 'image' });
    expect(previewPlan('video/mp4', 'device')).toEqual({ kind: 'video' });
    expect(previewPlan('video/x-msvideo', 'server')).toEqual({ kind: 'video' });
  });

  test('formats browsers cannot draw get a stand-in with the format’s name', () => {
    expect(previewPlan('image/heic', 'device')).toEqual({ kind: 'stand-in', label: 'HEIC' });
    expect(previewPlan('image/vnd.adobe.photoshop', 'server')).toEqual({ kind: 'stand-in', label: 'PSD' });
    expect(previewPlan('image/tiff', 'device')).toEqual({ kind: 'stand-in', label: 'TIFF' });
    expect(previewPlan('application/zip', 'server')).toEqual({ kind: 'stand-in', label: 'ZIP' });
    expect(previewPlan(undefined, 'device')).toEqual({ kind: 'stand-in', label: 'File' });
  });

  test('SVG is drawn from the device, never from the server (not served inline)', () => {
    expect(previewPlan('image/svg+xml', 'device')).toEqual({ kind: 'image' });
    expect(previewPlan('image/svg+xml', 'server')).toEqual({ kind: 'stand-in', label: 'SVG' });
    expect(formatLabel('application/octet-stream')).toBe('File');
  });
});
