import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { inspectFile } from './inspect.ts';

const run = promisify(execFile);
const ffmpeg = (...args: string[]) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

// 2 s of 320x240 @ 25 fps with a 440 Hz tone, as the brief prescribes.
const AV = [
  '-f',
  'lavfi',
  '-i',
  'testsrc2=size=320x240:rate=25',
  '-f',
  'lavfi',
  '-i',
  'sine=frequency=440',
  '-t',
  '2',
];
const X264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

let dir: string;
const p = (name: string) => join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-media-'));
  await Promise.all([
    ffmpeg(...AV, ...X264, '-c:a', 'aac', p('clip.mp4')),
    ffmpeg(
      ...AV,
      '-c:v',
      'libvpx-vp9',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-c:a',
      'libopus',
      p('clip.webm'),
    ),
    ffmpeg(...AV, ...X264, '-c:a', 'aac', p('clip.mov')),
    ffmpeg(...AV, ...X264, '-an', p('silent.mp4')),
    ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '2', p('tone.mp3')),
    ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '2', '-c:a', 'aac', p('tone.m4a')),
    ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '2', p('tone.aiff')),
    ffmpeg(
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440',
      '-t',
      '2',
      '-c:a',
      'aac',
      '-f',
      'mp4',
      p('tone-in-mp4.bin'),
    ),
    ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '2', '-c:a', 'libopus', p('tone.webm')),
    ffmpeg('-f', 'lavfi', '-i', 'color=red:size=40x30', '-frames:v', '1', p('red.bmp')),
    ffmpeg('-f', 'lavfi', '-i', 'color=red:size=32x32', '-frames:v', '1', p('red.ico')),
  ]);
  // Containers derived from the MP4 by stream copy; rotation is set the ffmpeg 5.1 way
  // (-display_rotation only arrived in 6.0), which writes a display matrix.
  await Promise.all([
    ffmpeg('-i', p('clip.mp4'), '-c', 'copy', p('clip.mkv')),
    ffmpeg('-i', p('clip.mp4'), '-c', 'copy', p('clip.ts')),
    ffmpeg('-i', p('clip.mp4'), '-c', 'copy', '-metadata:s:v:0', 'rotate=90', p('portrait.mp4')),
    ffmpeg('-i', p('clip.mp4'), '-c', 'copy', '-metadata:s:v:0', 'rotate=90', p('portrait.mov')),
  ]);

  const rgb = { width: 64, height: 48, channels: 3 as const, background: '#3366cc' };
  await Promise.all([
    sharp({ create: rgb }).png().toFile(p('img.png')),
    sharp({ create: rgb }).webp().toFile(p('img.webp')),
    sharp({ create: rgb }).gif().toFile(p('img.gif')),
    sharp({ create: rgb }).tiff().toFile(p('img.tiff')),
    sharp({ create: rgb }).avif().toFile(p('img.avif')),
    sharp({ create: rgb }).jpeg().toFile(p('img.jpg')),
    // EXIF orientation 6 = rotate 90° to display: a 64x48 sensor image shows as 48x64.
    sharp({ create: rgb }).jpeg().withMetadata({ orientation: 6 }).toFile(p('rotated.jpg')),
    writeFile(
      p('drawing.svg'),
      '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->\n' +
        '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n' +
        '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><rect width="120" height="80"/></svg>\n',
    ),
    writeFile(p('bare.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 20"></svg>'),
    writeFile(p('x.png'), 'this is just text, whatever the name says\n'),
    writeFile(p('page.html'), '<!DOCTYPE html><html><body><svg width="1" height="1"></svg></body></html>'),
    writeFile(p('layers.psd'), psdHeader(300, 200)),
  ]);
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('hello'), 'hello.txt');
  zip.end();
  await finished(zip.outputStream.pipe(createWriteStream(p('bundle.zip'))));
  // A truncated MP4: the magic number is right but ffprobe cannot read it.
  await writeFile(p('broken.mp4'), (await readFile(p('clip.mp4'))).subarray(0, 64));
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function psdHeader(width: number, height: number): Buffer {
  const buf = Buffer.alloc(26);
  buf.write('8BPS', 0, 'latin1');
  buf.writeUInt16BE(1, 4); // version
  buf.writeUInt16BE(3, 12); // channels
  buf.writeUInt32BE(height, 14);
  buf.writeUInt32BE(width, 18);
  buf.writeUInt16BE(8, 22); // depth
  buf.writeUInt16BE(3, 24); // RGB
  return buf;
}

describe('inspectFile: video', () => {
  it('MP4', async () => {
    const info = await inspectFile(p('clip.mp4'));
    expect(info).toMatchObject({
      format: 'mp4',
      mime: 'video/mp4',
      media: 'video',
      width: 320,
      height: 240,
      fps: 25,
      hasAudio: true,
      videoCodec: 'h264',
      audioCodec: 'aac',
    });
    expect(info?.duration).toBeCloseTo(2, 1);
  });

  it('WebM (file-type sees the EBML DocType "webm")', async () => {
    const info = await inspectFile(p('clip.webm'));
    expect(info).toMatchObject({
      format: 'webm',
      mime: 'video/webm',
      media: 'video',
      width: 320,
      height: 240,
    });
    expect(info).toMatchObject({ videoCodec: 'vp9', audioCodec: 'opus', hasAudio: true });
    expect(info?.duration).toBeCloseTo(2, 1);
  });

  it('MOV (ftyp brand "qt  ")', async () => {
    expect(await inspectFile(p('clip.mov'))).toMatchObject({
      format: 'mov',
      mime: 'video/quicktime',
      media: 'video',
    });
  });

  it('MKV', async () => {
    expect(await inspectFile(p('clip.mkv'))).toMatchObject({
      format: 'mkv',
      mime: 'video/x-matroska',
      videoCodec: 'h264',
      hasAudio: true,
    });
  });

  it('MPEG-TS', async () => {
    const info = await inspectFile(p('clip.ts'));
    expect(info).toMatchObject({
      format: 'mpeg-ts',
      mime: 'video/mp2t',
      media: 'video',
      width: 320,
      height: 240,
    });
    expect(info?.duration).toBeCloseTo(2, 0);
  });

  it('reports hasAudio false for a silent video', async () => {
    const info = await inspectFile(p('silent.mp4'));
    expect(info).toMatchObject({ media: 'video', hasAudio: false });
    expect(info?.audioCodec).toBeUndefined();
  });

  it.each(['portrait.mp4', 'portrait.mov'])('swaps dimensions of a rotated clip (%s)', async (name) => {
    expect(await inspectFile(p(name))).toMatchObject({ width: 240, height: 320 });
  });

  it('returns null for a truncated video', async () => {
    expect(await inspectFile(p('broken.mp4'))).toBeNull();
  });
});

describe('inspectFile: audio', () => {
  it('MP3', async () => {
    const info = await inspectFile(p('tone.mp3'));
    expect(info).toMatchObject({
      format: 'mp3',
      mime: 'audio/mpeg',
      media: 'audio',
      hasAudio: true,
      audioCodec: 'mp3',
    });
    expect(info?.duration).toBeCloseTo(2, 1);
    expect(info?.width).toBeUndefined();
  });

  it.each(['tone.m4a', 'tone-in-mp4.bin'])('AAC in MP4 (%s) is audio/mp4', async (name) => {
    expect(await inspectFile(p(name))).toMatchObject({ format: 'm4a', mime: 'audio/mp4', media: 'audio' });
  });

  it('AIFF', async () => {
    expect(await inspectFile(p('tone.aiff'))).toMatchObject({
      format: 'aiff',
      mime: 'audio/aiff',
      media: 'audio',
      audioCodec: 'pcm_s16be',
    });
  });

  it('Opus in WebM is audio/webm', async () => {
    expect(await inspectFile(p('tone.webm'))).toMatchObject({
      format: 'webm',
      mime: 'audio/webm',
      media: 'audio',
    });
  });
});

describe('inspectFile: images', () => {
  it.each([
    ['img.png', 'png', 'image/png'],
    ['img.jpg', 'jpg', 'image/jpeg'],
    ['img.webp', 'webp', 'image/webp'],
    ['img.gif', 'gif', 'image/gif'],
    ['img.tiff', 'tiff', 'image/tiff'],
    ['img.avif', 'avif', 'image/avif'],
  ])('%s', async (name, format, mime) => {
    expect(await inspectFile(p(name))).toEqual({ format, mime, media: 'image', width: 64, height: 48 });
  });

  it('honours EXIF orientation', async () => {
    expect(await inspectFile(p('rotated.jpg'))).toMatchObject({ format: 'jpg', width: 48, height: 64 });
  });

  it('SVG after BOM, XML declaration, comment and doctype', async () => {
    expect(await inspectFile(p('drawing.svg'))).toEqual({
      format: 'svg',
      mime: 'image/svg+xml',
      media: 'image',
      width: 120,
      height: 80,
    });
  });

  it('SVG sized by its viewBox', async () => {
    expect(await inspectFile(p('bare.svg'))).toMatchObject({ format: 'svg', width: 10, height: 20 });
  });

  it('BMP, ICO and PSD from their headers', async () => {
    expect(await inspectFile(p('red.bmp'))).toEqual({
      format: 'bmp',
      mime: 'image/bmp',
      media: 'image',
      width: 40,
      height: 30,
    });
    expect(await inspectFile(p('red.ico'))).toMatchObject({
      format: 'ico',
      mime: 'image/x-icon',
      width: 32,
      height: 32,
    });
    expect(await inspectFile(p('layers.psd'))).toMatchObject({
      format: 'psd',
      mime: 'image/vnd.adobe.photoshop',
      width: 300,
      height: 200,
    });
  });
});

describe('inspectFile: others', () => {
  it('ZIP is an archive', async () => {
    expect(await inspectFile(p('bundle.zip'))).toEqual({
      format: 'zip',
      mime: 'application/zip',
      media: 'archive',
    });
  });

  it('a text file named x.png is null', async () => {
    expect(await inspectFile(p('x.png'))).toBeNull();
  });

  it('HTML with an inline <svg> is null', async () => {
    expect(await inspectFile(p('page.html'))).toBeNull();
  });
});

describe('inspectFile: valid image layouts libvips cannot measure', () => {
  const corpus = join(import.meta.dirname, '../../../tests/corpus/files/decode');

  it.each(['im-12bit.tif', 'im-cielab-8bit.tif', 'tiffcp-zstd.tif'])(
    '%s is a 96×72 TIFF (sized from its tags), so the image tools can say what it uses',
    async (name) => {
      expect(await inspectFile(join(corpus, name))).toMatchObject({ format: 'tiff', width: 96, height: 72 });
    },
  );

  it('a Windows cursor is an icon', async () => {
    expect(await inspectFile(join(corpus, 'im-pointer.cur'))).toMatchObject({
      format: 'ico',
      mime: 'image/x-icon',
      width: 48,
      height: 48,
    });
  });
});
