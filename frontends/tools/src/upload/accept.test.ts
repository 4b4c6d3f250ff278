import { getEntry } from '@mediakit/catalog';
import { IMAGE_MIMES, VIDEO_MIMES } from '@mediakit/catalog/mime';
import { describe, expect, test } from 'vitest';
import { acceptAttribute, checkFileType, checkSelection, guessMime } from './accept.ts';

const file = (name: string, type = '') => ({ name, type });

describe('type check before upload', () => {
  test('a file whose browser type is accepted passes', () => {
    expect(checkFileType(file('clip.mov', 'video/quicktime'), ['video/quicktime'])).toBeUndefined();
  });

  test('an empty browser type falls back to the name (HEIC outside Apple, PSD, MPEG-TS)', () => {
    expect(checkFileType(file('IMG_0001.HEIC'), ['image/heic', 'image/heif'])).toBeUndefined();
    expect(checkFileType(file('design.psd'), IMAGE_MIMES)).toBeUndefined();
    expect(checkFileType(file('rec.ts', 'application/octet-stream'), VIDEO_MIMES)).toBeUndefined();
    expect(guessMime(file('photo.JPEG'))).toBe('image/jpeg');
  });

  test('phone 3GP and 3G2 videos go wherever MOV goes', () => {
    expect(checkFileType(file('VID_0001.3gp', 'video/3gpp'), VIDEO_MIMES)).toBeUndefined();
    expect(checkFileType(file('clip.3g2'), VIDEO_MIMES)).toBeUndefined();
    expect(guessMime(file('MOV00012.3GP'))).toBe('video/3gpp');
    const movToMp4 = getEntry('mov-to-mp4')?.inputs.accept ?? [];
    expect(checkFileType(file('VID_0001.3gp', 'video/3gpp'), movToMp4, 'this converter')).toBeUndefined();
    expect(checkFileType(file('x.png', 'image/png'), movToMp4, 'this converter')).toBe(
      'x.png is a PNG image, but this converter takes MOV, 3GP or 3G2 files. Choose another file.',
    );
  });

  test('a wrong file gets a sentence naming what it is and what the converter takes', () => {
    expect(
      checkFileType(file('photo.png', 'image/png'), ['image/heic', 'image/heif'], 'this converter'),
    ).toBe('photo.png is a PNG image, but this converter takes HEIC files. Choose another file.');
    expect(checkFileType(file('notes.pdf', 'application/pdf'), ['video/quicktime', 'video/mp4'])).toBe(
      'notes.pdf is a PDF file, but this tool takes MOV or MP4 files. Choose another file.',
    );
    expect(checkFileType(file('mystery'), ['image/png'])).toMatch(
      /^mystery is a file of an unrecognised type/,
    );
  });

  test('a selection keeps the accepted files in order and says what did not fit', () => {
    const picked = [
      file('a.png', 'image/png'),
      file('b.gif', 'image/gif'),
      file('c.png', 'image/png'),
      file('d.png', 'image/png'),
    ];
    const { accepted, problems } = checkSelection(picked, ['image/png'], 2);
    expect(accepted.map((f) => f.name)).toEqual(['a.png', 'c.png']);
    expect(problems).toEqual([
      'b.gif is a GIF image, but this tool takes PNG files. Choose another file.',
      'Only 2 more files fit here, so 1 was left out.',
    ]);
    expect(checkSelection([file('e.png', 'image/png')], ['image/png'], 0).problems).toEqual([
      'There is no room for more files here: remove one first.',
    ]);
  });

  test('the input accept attribute lists types and endings', () => {
    const attr = acceptAttribute(['image/heic', 'image/heif']).split(',');
    expect(attr).toEqual(expect.arrayContaining(['image/heic', 'image/heif', '.heic', '.heif', '.hif']));
    expect(attr).not.toContain('.png');
  });
});
