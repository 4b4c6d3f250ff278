import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { picture, writeBmp } from '../test/bmp-builder.ts';
import { box, fullBox, heicFromImage } from '../test/heif-builder.ts';
import { writeIco } from '../test/ico-builder.ts';
import { writePsd } from '../test/psd-builder.ts';
import { readHeif } from './heif.ts';
import { icoEntries, largestIcoEntry } from './image-headers.ts';
import { inspectFile } from './inspect.ts';
import { svgSize } from './svg.ts';

/**
 * Every image format the catalog accepts, sniffed from content with the catalog's MIME type and
 * sized from its header. Files are generated: sharp for what libvips writes, ffmpeg for BMP, and the
 * test-only builders in packages/media/test/ for ICO, PSD and HEIC.
 */

const run = promisify(execFile);
const ffmpeg = (...args: string[]) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

let dir: string;
const p = (name: string) => join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-media-img-'));
  await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c03030' } })
    .png()
    .toFile(p('source.png'));
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function save(name: string, bytes: Buffer): Promise<string> {
  await writeFile(p(name), bytes);
  return p(name);
}

const image = (format: string, mime: string, width: number, height: number) => ({
  format,
  mime,
  media: 'image',
  width,
  height,
});

describe('HEIC and AVIF: decided by the primary item, not the brand', () => {
  it('HEVC in HEIF (brand heic) is image/heic, sized by ispe', async () => {
    const path = await save('photo.heic', await heicFromImage(p('source.png')));
    expect(await inspectFile(path)).toEqual(image('heic', 'image/heic', 64, 48));
  });

  it('the generic brand mif1 with an hvc1 item is HEIC too', async () => {
    const path = await save('generic.heif', await heicFromImage(p('source.png'), { majorBrand: 'mif1' }));
    expect(await inspectFile(path)).toEqual(image('heic', 'image/heic', 64, 48));
  });

  it('a rotation (irot 90°) swaps the displayed width and height', async () => {
    const path = await save('turned.heic', await heicFromImage(p('source.png'), { rotate: 1 }));
    expect(await inspectFile(path)).toMatchObject({ format: 'heic', width: 48, height: 64 });
  });

  it('AVIF (AV1 in HEIF) is image/avif, whatever its major brand', async () => {
    const avif = await sharp(p('source.png')).avif().toBuffer();
    expect(readHeif(avif)?.codec).toBe('av1');
    expect(await inspectFile(await save('a.avif', avif))).toEqual(image('avif', 'image/avif', 64, 48));
    // sharp writes brand "avif"; relabel it "mif1" (same length), as some writers do.
    const relabelled = Buffer.from(avif);
    relabelled.write('mif1', 8, 'latin1');
    expect(await inspectFile(await save('b.heif', relabelled))).toMatchObject({
      format: 'avif',
      mime: 'image/avif',
    });
  });

  it('a HEIF without an HEVC or AV1 primary image is not ours', async () => {
    const heic = await heicFromImage(p('source.png'));
    const jpegItem = Buffer.from(heic);
    jpegItem.write('jpeg', jpegItem.indexOf('hvc1', 0, 'latin1'), 'latin1');
    expect(await inspectFile(await save('jpeg-item.heic', jpegItem))).toBeNull();
  });

  it('a HEIC without ispe cannot be sized: unreadable', async () => {
    const path = await save('no-ispe.heic', await heicFromImage(p('source.png'), { omitIspe: true }));
    expect(await inspectFile(path)).toBeNull();
  });

  it('readHeif follows a grid to its tiles, reads clap, colr and imir', () => {
    const u16 = (v: number) => Buffer.from([v >> 8, v & 0xff]);
    const u32 = (v: number) => Buffer.from([v >>> 24, (v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff]);
    const infe = (id: number, type: string) =>
      fullBox('infe', 2, 0, u16(id), u16(0), Buffer.from(type), Buffer.from([0]));
    const file = Buffer.concat([
      box('ftyp', Buffer.from('heic'), u32(0), Buffer.from('mif1heic')),
      fullBox(
        'meta',
        0,
        0,
        fullBox('pitm', 0, 0, u16(3)),
        fullBox('iinf', 0, 0, u16(3), infe(1, 'hvc1'), infe(2, 'hvc1'), infe(3, 'grid')),
        fullBox('iref', 0, 0, box('dimg', u16(3), u16(2), u16(1), u16(2))),
        box(
          'iprp',
          box(
            'ipco',
            fullBox('ispe', 0, 0, u32(4032), u32(3024)),
            box('clap', u32(4000), u32(1), u32(3000), u32(1), u32(0), u32(1), u32(0), u32(1)),
            box('imir', Buffer.from([1])),
            box('colr', Buffer.from('prof'), Buffer.alloc(200, 7)),
          ),
          fullBox(
            'ipma',
            0,
            0,
            u32(2),
            u16(3),
            Buffer.from([3, 0x81, 0x02, 0x03]),
            u16(1),
            Buffer.from([1, 0x84]),
          ),
        ),
      ),
    ]);
    const info = readHeif(file);
    expect(info).toMatchObject({
      primaryType: 'grid',
      codec: 'hevc',
      width: 4000,
      height: 3000,
      mirror: 'horizontal',
    });
    // The grid has no colr of its own: the first tile's is used.
    expect(info?.icc?.length).toBe(200);
    expect(readHeif(Buffer.from('not a heif at all'))).toBeUndefined();
    expect(readHeif(file.subarray(0, 60))?.width).toBeUndefined();
  });
});

describe('BMP: every depth ffmpeg writes, and what only old tools write', () => {
  it.each(['bgr24', 'bgra', 'pal8', 'monob', 'rgb555le', 'rgb565le', 'rgb4_byte', 'gray'])(
    '%s',
    async (pixFmt) => {
      const path = p(`ff-${pixFmt}.bmp`);
      await ffmpeg('-i', p('source.png'), '-pix_fmt', pixFmt, path);
      expect(await inspectFile(path)).toEqual(image('bmp', 'image/bmp', 64, 48));
    },
  );

  it.each([
    ['top-down', { bits: 24, topDown: true }],
    ['RLE8', { bits: 8, rle: true }],
    ['RLE4', { bits: 4, rle: true }],
    ['OS/2 core header', { bits: 24, header: 'core' }],
  ] as const)('%s', async (label, options) => {
    const bmp = writeBmp(
      picture(30, 20, (x) => (x < 15 ? [255, 0, 0, 255] : [0, 0, 255, 255])),
      options,
    );
    expect(await inspectFile(await save(`${label.replace(/\W/g, '-')}.bmp`, bmp))).toEqual(
      image('bmp', 'image/bmp', 30, 20),
    );
  });
});

describe('ICO: the largest entry, from the entry itself', () => {
  const square = (n: number) => picture(n, n, () => [0, 128, 255, 255]);

  it('16, 32 and 48 BMP entries give 48×48', async () => {
    const ico = writeIco([
      { bmp: square(16), bits: 32 },
      { bmp: square(48), bits: 8 },
      { bmp: square(32), bits: 24 },
    ]);
    expect(await inspectFile(await save('three.ico', ico))).toEqual(image('ico', 'image/x-icon', 48, 48));
  });

  it('a PNG entry is sized by its IHDR, even past the directory’s 256 limit', async () => {
    const png512 = await sharp({ create: { width: 512, height: 512, channels: 4, background: '#0000' } })
      .png()
      .toBuffer();
    const ico = writeIco([{ bmp: square(48), bits: 32 }, { png: png512 }]);
    expect(await inspectFile(await save('big.ico', ico))).toMatchObject({
      format: 'ico',
      width: 512,
      height: 512,
    });
  });

  it('between equal sizes, the deeper entry wins', () => {
    const ico = writeIco([
      { bmp: square(32), bits: 4 },
      { bmp: square(32), bits: 32 },
      { bmp: square(32), bits: 8 },
    ]);
    const entries = icoEntries(ico);
    expect(entries.map((e) => [e.kind, e.width, e.height, e.bitDepth])).toEqual([
      ['bmp', 32, 32, 4],
      ['bmp', 32, 32, 32],
      ['bmp', 32, 32, 8],
    ]);
    expect(largestIcoEntry(entries)?.index).toBe(1);
  });
});

describe('PSD', () => {
  it('an 8-bit RGB PSD with transparency', async () => {
    const psd = writePsd({
      width: 40,
      height: 30,
      colourChannels: 3,
      alpha: true,
      depth: 8,
      at: () => [9, 9, 9, 255],
    });
    expect(await inspectFile(await save('rgb.psd', psd))).toEqual(
      image('psd', 'image/vnd.adobe.photoshop', 40, 30),
    );
  });

  it('a 16-bit grayscale PSD', async () => {
    const psd = writePsd({ width: 9, height: 5, colourChannels: 1, depth: 16, at: () => [30000] });
    expect(await inspectFile(await save('gray16.psd', psd))).toMatchObject({
      format: 'psd',
      width: 9,
      height: 5,
    });
  });
});

describe('SVG: sized from width, height and viewBox, never rendered', () => {
  const svg = (attrs: string) =>
    new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" ${attrs}/>`);

  it.each([
    ['width="120" height="80"', { width: 120, height: 80 }],
    ['width="120px" height="80.4px"', { width: 120, height: 80 }],
    // Absolute units at 72 DPI, as librsvg renders them through sharp.
    ['width="1in" height="72pt"', { width: 72, height: 72 }],
    ['width="25.4mm" height="2.54cm"', { width: 72, height: 72 }],
    ['width="6pc" height="2em"', { width: 72, height: 24 }],
    ['viewBox="0 0 300 200"', { width: 300, height: 200 }],
    ['width="50%" height="50%" viewBox="0,0,300,200"', { width: 300, height: 200 }],
    ['width="600" viewBox="0 0 300 200"', { width: 600, height: 400 }],
    ["height='100' viewBox='0 0 300 200'", { width: 150, height: 100 }],
  ])('%s', (attrs, size) => {
    expect(svgSize(svg(attrs))).toEqual(size);
  });

  it('is undefined when only the drawing could say', () => {
    expect(svgSize(svg(''))).toBeUndefined();
    expect(svgSize(svg('width="100"'))).toBeUndefined();
    expect(svgSize(svg('width="100" height="0.4"'))).toBeUndefined();
    expect(svgSize(svg('width="-5" height="10"'))).toBeUndefined();
  });

  it('inspectFile keeps an unsized SVG (without width and height) and sizes the others', async () => {
    await writeFile(
      p('free.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10"/></svg>',
    );
    expect(await inspectFile(p('free.svg'))).toEqual({
      format: 'svg',
      mime: 'image/svg+xml',
      media: 'image',
    });
    await writeFile(
      p('evil.svg'),
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="20">&x;</svg>',
    );
    // Sizing reads the root's attributes only: the entity is never expanded (that is the imager's call).
    expect(await inspectFile(p('evil.svg'))).toMatchObject({ format: 'svg', width: 10, height: 20 });
  });
});

describe('GIF, WebP and TIFF', () => {
  it('an animated GIF is sized by one frame', async () => {
    const frames = Buffer.alloc(20 * 30 * 3 * 2, 0x80);
    const gif = await sharp(frames, { raw: { width: 20, height: 60, channels: 3, pageHeight: 30 } })
      .gif()
      .toBuffer();
    expect(await inspectFile(await save('anim.gif', gif))).toEqual(image('gif', 'image/gif', 20, 30));
  });

  it('a multi-page TIFF is sized by its first page, a WebP by its header', async () => {
    const tiff = await sharp(Buffer.alloc(10 * 16 * 3), {
      raw: { width: 10, height: 16, channels: 3, pageHeight: 8 },
    })
      .tiff()
      .toBuffer();
    expect(await inspectFile(await save('pages.tiff', tiff))).toEqual(image('tiff', 'image/tiff', 10, 8));
    const webp = await sharp(p('source.png')).webp({ lossless: true }).toBuffer();
    expect(await inspectFile(await save('x.webp', webp))).toEqual(image('webp', 'image/webp', 64, 48));
  });
});
