import { describe, expect, it } from 'vitest';
import { contentDisposition, sanitizeFileName, withFormatExtension } from './names.ts';

describe('sanitizeFileName', () => {
  it.each([
    ['photo.png', 'photo.png'],
    ['C:\\Users\\me\\photo.png', 'photo.png'],
    ['../../etc/passwd', 'passwd'],
    ['  spaced .png  ', 'spaced .png'],
    ['a\u0000b\u001fc\u007f.png', 'abc.png'],
    ['evil\u202egnp.exe', 'evilgnp.exe'],
    ['', 'file'],
    [undefined, 'file'],
    ['..', 'file'],
    ['dir/', 'file'],
  ])('%j → %j', (raw, expected) => {
    expect(sanitizeFileName(raw)).toBe(expected);
  });

  it('caps at 200 characters without splitting a surrogate pair', () => {
    expect(sanitizeFileName('x'.repeat(250))).toHaveLength(200);
    const emoji = sanitizeFileName('😀'.repeat(250));
    expect(Array.from(emoji)).toHaveLength(200);
    expect(emoji).toBe('😀'.repeat(200));
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('naïve "x".png', 'attachment')).toBe(
      `attachment; filename="na_ve _x_.png"; filename*=UTF-8''na%C3%AFve%20%22x%22.png`,
    );
    expect(contentDisposition("it's (1)*.png", 'inline')).toBe(
      `inline; filename="it's (1)*.png"; filename*=UTF-8''it%27s%20%281%29%2A.png`,
    );
    expect(contentDisposition('a\\b.png', 'attachment')).toContain('filename="a_b.png"');
  });
});

describe('withFormatExtension', () => {
  it.each([
    ['photo.php', 'jpg', 'photo.jpg'],
    ['Photo.JPEG', 'jpg', 'Photo.JPEG'],
    ['clip', 'mp4', 'clip.mp4'],
    ['recording.2024-05-01', 'mpeg-ts', 'recording.2024-05-01.ts'],
    ['scan.tif', 'tiff', 'scan.tif'],
    [`${'x'.repeat(199)}.bin`, 'webm', `${'x'.repeat(195)}.webm`],
  ])('%j holding %s → %j', (name, format, expected) => {
    expect(withFormatExtension(name, format)).toBe(expected);
  });
});
