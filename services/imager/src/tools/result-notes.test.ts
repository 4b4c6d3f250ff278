import { describe, expect, it } from 'vitest';
import { firstFrameNote, otherFormatNote, toneMappedNote } from './result-notes.ts';

describe('result notes', () => {
  it('says which frame of an animation a one-frame output holds', () => {
    expect(firstFrameNote('party.gif', 42, 'jpeg')).toBe(
      'party.gif is animated (42 frames); the JPG holds its first frame.',
    );
    expect(firstFrameNote('logo.webp', 10, 'png')).toBe(
      'logo.webp is animated (10 frames); the PNG holds its first frame.',
    );
  });

  it('says an HDR input was tone-mapped, naming its transfer and the output', () => {
    expect(toneMappedNote('sunset.avif', 'pq', 'jpeg')).toBe(
      'sunset.avif is HDR (PQ); it was tone-mapped to standard dynamic range for the JPG.',
    );
    expect(toneMappedNote('beach.heic', 'hlg', 'png')).toBe(
      'beach.heic is HDR (HLG); it was tone-mapped to standard dynamic range for the PNG.',
    );
  });

  it('says nothing when the input format was kept', () => {
    for (const [input, output] of [
      ['jpg', 'jpeg'],
      ['png', 'png'],
      ['tiff', 'tiff'],
      ['avif', 'avif'],
    ] as const) {
      expect(otherFormatNote(input, output)).toBeUndefined();
    }
    expect(otherFormatNote('gif', 'gif', true)).toBeUndefined();
    expect(otherFormatNote('webp', 'webp', true)).toBeUndefined();
  });

  it('says which format replaces one that cannot be written, and why', () => {
    expect(otherFormatNote('heic', 'jpeg')).toBe(
      'We cannot write HEIC, so you get JPEG, the usual format for photos.',
    );
    expect(otherFormatNote('heic', 'png')).toBe(
      'We cannot write HEIC, so you get PNG, which is lossless and keeps any transparency.',
    );
    for (const input of ['bmp', 'ico', 'psd', 'svg']) {
      expect(otherFormatNote(input, 'png')).toBe(
        `We cannot write ${input.toUpperCase()}, so you get PNG, which is lossless and keeps any transparency.`,
      );
    }
  });

  it('says an animation the input format cannot hold here comes back as animated WebP', () => {
    expect(otherFormatNote('avif', 'webp', true)).toBe(
      'We cannot write animated AVIF, so you get an animated WebP, which keeps every frame.',
    );
    expect(otherFormatNote('png', 'webp', true)).toBe(
      'We cannot write animated PNG, so you get an animated WebP, which keeps every frame.',
    );
  });

  it('names no file in a format note, so a batch of the same case shows it once', () => {
    expect(otherFormatNote('heic', 'jpeg')).not.toMatch(/\.heic/i);
  });
});
