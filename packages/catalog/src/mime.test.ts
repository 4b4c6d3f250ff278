import { describe, expect, it } from 'vitest';
import {
  acceptsMime,
  catalog,
  converterSource,
  describeFile,
  describeFormat,
  getEntry,
  IMAGE_MIMES,
  mimeMismatchMessage,
  VIDEO_MIMES,
} from './index.ts';

const entry = (name: string) => {
  const e = getEntry(name);
  if (!e) throw new Error(`no entry ${name}`);
  return e;
};

const VIDEO_LIST = [
  'video/mp4',
  'video/quicktime',
  'video/3gpp',
  'video/3gpp2',
  'video/webm',
  'video/x-matroska',
  'video/x-msvideo',
  'video/x-ms-wmv',
  'video/x-ms-asf',
  'video/x-flv',
  'video/mp2t',
  'video/mpeg',
];
const IMAGE_LIST = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/tiff',
  'image/avif',
  'image/bmp',
  'image/heic',
  'image/heif',
  'image/x-icon',
  'image/vnd.microsoft.icon',
  'image/svg+xml',
  'image/vnd.adobe.photoshop',
];

// Each converter's source MIME types. MOV's also takes phone 3GP/3G2 (no converter of their own).
const SOURCES: Record<string, string[]> = {
  mov: ['video/quicktime', 'video/3gpp', 'video/3gpp2'],
  avi: ['video/x-msvideo'],
  wmv: ['video/x-ms-wmv', 'video/x-ms-asf'],
  mkv: ['video/x-matroska'],
  flv: ['video/x-flv'],
  'mpeg-ts': ['video/mp2t'],
  webm: ['video/webm'],
  mp4: ['video/mp4'],
  jpg: ['image/jpeg'],
  png: ['image/png'],
  gif: ['image/gif'],
  bmp: ['image/bmp'],
  tiff: ['image/tiff'],
  webp: ['image/webp'],
  heic: ['image/heic', 'image/heif'],
  avif: ['image/avif'],
  ico: ['image/x-icon', 'image/vnd.microsoft.icon'],
  svg: ['image/svg+xml'],
  psd: ['image/vnd.adobe.photoshop'],
};

describe('MIME lists', () => {
  it('video and image tools take the listed types', () => {
    expect([...VIDEO_MIMES].sort()).toEqual([...VIDEO_LIST].sort());
    expect([...IMAGE_MIMES].sort()).toEqual([...IMAGE_LIST].sort());
    for (const e of catalog.filter((x) => x.kind === 'tool' && x.media !== 'audio')) {
      const single = e.name !== 'convert-image-to-video' && !e.inputs.acceptByPosition;
      if (single)
        expect([...e.inputs.accept].sort(), e.name).toEqual(
          e.media === 'video' ? VIDEO_LIST.sort() : IMAGE_LIST.sort(),
        );
    }
  });

  it('each converter takes only its source format', () => {
    for (const e of catalog.filter((x) => x.kind === 'converter' && x.media !== 'audio')) {
      const from = e.name.split('-to-')[0];
      expect(e.inputs.accept, e.name).toEqual(SOURCES[from]);
      for (const m of [...VIDEO_LIST, ...IMAGE_LIST]) {
        expect(acceptsMime(e, 0, m), `${e.name} ${m}`).toBe(SOURCES[from].includes(m));
      }
    }
  });
});

describe('audio converters', () => {
  it('take their source, the sound of videos, and never another video or an image', () => {
    expect(entry('wav-to-mp3').inputs.accept).toEqual(['audio/wav', 'audio/x-wav', 'audio/wave']);
    expect(entry('mp4-to-mp3').inputs.accept).toEqual(['video/mp4', 'audio/mp4']);
    expect(entry('opus-to-mp3').inputs.accept).toEqual(['audio/opus', 'audio/ogg']);
    expect(acceptsMime(entry('mov-to-mp3'), 0, 'video/mp4')).toBe(false);
    expect(acceptsMime(entry('extract-audio'), 0, 'video/webm')).toBe(true);
    expect(acceptsMime(entry('extract-audio'), 0, 'audio/mpeg')).toBe(false);
    expect(acceptsMime(entry('audio-converter'), 0, 'image/png')).toBe(false);
  });
});

describe('acceptsMime', () => {
  it('is positional where inputs have roles', () => {
    const overlay = entry('overlay-image-on-video');
    expect(overlay.inputs.labels).toEqual(['Video', 'Image']);
    expect(acceptsMime(overlay, 0, 'video/mp4')).toBe(true);
    expect(acceptsMime(overlay, 0, 'image/png')).toBe(false);
    expect(acceptsMime(overlay, 1, 'image/png')).toBe(true);
    expect(acceptsMime(overlay, 1, 'video/mp4')).toBe(false);
    expect(acceptsMime(overlay, 2, 'image/png')).toBe(false);
    expect(acceptsMime(overlay, -1, 'video/mp4')).toBe(false);

    const logo = entry('add-logo-or-watermark-to-video');
    expect(acceptsMime(logo, 0, 'video/webm')).toBe(true);
    expect(acceptsMime(logo, 1, 'image/png')).toBe(true);
    expect(acceptsMime(logo, 1, 'video/webm')).toBe(false);

    for (const name of ['overlay-video-on-video', 'brainrot-creator']) {
      const e = entry(name);
      expect(acceptsMime(e, 0, 'video/mp4')).toBe(true);
      expect(acceptsMime(e, 1, 'video/quicktime')).toBe(true);
      expect(acceptsMime(e, 1, 'image/png')).toBe(false);
    }
    const imgOnImg = entry('overlay-image-on-image');
    expect(acceptsMime(imgOnImg, 1, 'image/webp')).toBe(true);
    expect(acceptsMime(imgOnImg, 0, 'video/mp4')).toBe(false);
  });

  it('applies one list to every position of a batch', () => {
    const join = entry('join-video');
    expect(acceptsMime(join, 0, 'video/mp4')).toBe(true);
    expect(acceptsMime(join, 19, 'video/x-flv')).toBe(true);
    expect(acceptsMime(join, 20, 'video/mp4')).toBe(false);
    expect(acceptsMime(join, 3, 'image/png')).toBe(false);
    const slideshow = entry('convert-image-to-video');
    expect(acceptsMime(slideshow, 49, 'image/jpeg')).toBe(true);
    expect(acceptsMime(slideshow, 0, 'video/mp4')).toBe(false);
    expect(acceptsMime(entry('resize-image'), 10, 'image/heic')).toBe(true);
  });

  it('ignores case and parameters', () => {
    expect(acceptsMime(entry('trim-video'), 0, 'Video/MP4; codecs="avc1"')).toBe(true);
    expect(acceptsMime(entry('trim-video'), 0, 'application/octet-stream')).toBe(false);
  });
});

describe('describeFormat and messages', () => {
  it('names formats for people', () => {
    expect(describeFormat('image/png')).toBe('PNG');
    expect(describeFormat('image/heic')).toBe('HEIC');
    expect(describeFormat('video/mp4')).toBe('MP4');
    expect(describeFormat('video/quicktime')).toBe('MOV');
    expect(describeFormat('video/mp2t')).toBe('MPEG-TS');
    expect(describeFormat('video/3gpp')).toBe('3GP');
    expect(describeFile('video/3gpp2')).toBe('a 3G2 video');
    expect(describeFormat('image/jpeg')).toBe('JPG');
    expect(describeFormat('image/vnd.microsoft.icon')).toBe('ICO');
    expect(describeFormat('image/svg+xml')).toBe('SVG');
    expect(describeFormat('application/pdf')).toBe('PDF');
    expect(describeFormat('application/x-something')).toBe('SOMETHING');
    expect(describeFile('image/png')).toBe('a PNG image');
    expect(describeFile('video/mp4')).toBe('an MP4 video');
    expect(describeFile('audio/mpeg')).toBe('an MP3 audio file');
    expect(describeFile('application/pdf')).toBe('a PDF file');
    expect(describeFile('application/octet-stream')).toBe('a file of an unrecognised type');
  });

  it('tells which format a converter takes', () => {
    expect(converterSource(entry('heic-to-jpg'))).toEqual({
      format: 'heic',
      label: 'HEIC',
      media: 'image',
      mimes: ['image/heic', 'image/heif'],
    });
    expect(converterSource(entry('mpeg-ts-to-mp4'))).toMatchObject({
      format: 'mpeg-ts',
      label: 'MPEG-TS',
      media: 'video',
    });
    expect(converterSource(entry('trim-video'))).toBeUndefined();
    for (const e of catalog.filter((x) => x.kind === 'converter'))
      expect(converterSource(e), e.name).toBeDefined();
  });

  it('explains a refused input', () => {
    expect(mimeMismatchMessage(entry('heic-to-jpg'), 0, 'image/png')).toBe(
      'This converter takes HEIC images, but this file is a PNG image.',
    );
    expect(mimeMismatchMessage(entry('mov-to-mp4'), 0, 'video/mp4')).toBe(
      'This converter takes MOV, 3GP or 3G2 videos, but this file is an MP4 video.',
    );
    expect(mimeMismatchMessage(entry('overlay-image-on-video'), 1, 'video/mp4')).toBe(
      'The second file (image) must be an image (JPG, PNG, WebP, GIF, BMP or TIFF), but this file is an MP4 video.',
    );
    expect(mimeMismatchMessage(entry('trim-video'), 0, 'image/png')).toMatch(
      /^This tool takes videos \(MP4, MOV, .* or MPEG\), but this file is a PNG image\.$/,
    );
    expect(mimeMismatchMessage(entry('trim-video'), 1, 'video/mp4')).toBe('trim-video takes at most 1 file.');
  });
});
