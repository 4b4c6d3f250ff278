import { picture, writeBmp } from '@mediakit/media/testing';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { imageSize } from './image-size.ts';

const base = () => sharp({ create: { width: 37, height: 21, channels: 4, background: '#3366cc80' } });

describe('image size from the first bytes', () => {
  test('PNG, GIF, JPEG (after an EXIF block), BMP and the three kinds of WebP', async () => {
    const files = {
      png: await base().png().toBuffer(),
      gif: await base().gif().toBuffer(),
      jpeg: await base()
        .jpeg()
        .withMetadata({ exif: { IFD0: { Copyright: 'x'.repeat(2000) } } })
        .toBuffer(),
      bmp: writeBmp(
        picture(37, 21, () => [1, 2, 3, 255]),
        { bits: 24 },
      ),
      lossy: await base().webp({ quality: 80, alphaQuality: 100 }).toBuffer(),
      lossless: await base().webp({ lossless: true }).toBuffer(),
      simple: await sharp({ create: { width: 37, height: 21, channels: 3, background: '#3366cc' } })
        .webp()
        .toBuffer(),
    };
    for (const [name, bytes] of Object.entries(files))
      expect(imageSize(new Uint8Array(bytes)), name).toEqual({ width: 37, height: 21 });
  });

  test('a huge picture is measured without decoding it', async () => {
    const header = Buffer.alloc(33);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header);
    header.writeUInt32BE(13, 8);
    header.write('IHDR', 12, 'latin1');
    header.writeUInt32BE(30000, 16);
    header.writeUInt32BE(30000, 20);
    expect(imageSize(new Uint8Array(header))).toEqual({ width: 30000, height: 30000 });
  });

  test('anything else, or a header cut short: not known', async () => {
    const png = await base().png().toBuffer();
    expect(imageSize(new Uint8Array(png.subarray(0, 20)))).toBeUndefined();
    expect(imageSize(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(imageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]))).toBeUndefined();
  });
});
