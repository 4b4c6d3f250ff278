import { type PsdPicture, writePsd } from '@mediakit/media/testing';
import { writePsdBuffer } from 'ag-psd';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodePsd } from './psd.ts';
import { PIXEL_LIMIT_MESSAGE, type RawImage, UnreadableInput } from './raw-image.ts';

const LIMIT = 100_000_000;

/** The RGB/grey pixels of a file that is not CMYK. */
function decodeRaw(file: Buffer, limit: number): RawImage {
  const image = decodePsd(file, limit);
  if (image.kind !== 'raw') throw new Error(`expected raw pixels, got ${image.kind}`);
  return image.raw;
}

function pixel(image: RawImage, x: number, y: number): number[] {
  const at = (y * image.width + x) * image.channels;
  return [...image.data.subarray(at, at + image.channels)];
}

/** Left half red, right half blue (RGB) or white / mid-grey (grayscale); bottom row transparent when alpha. */
function halves(depth: 8 | 16, colourChannels: 1 | 3, alpha = false): PsdPicture {
  const max = depth === 8 ? 255 : 65535;
  return {
    width: 6,
    height: 4,
    colourChannels,
    depth,
    alpha,
    at: (x, y) => {
      const colour =
        colourChannels === 1 ? [x < 3 ? max : Math.round(max / 2)] : x < 3 ? [max, 0, 0] : [0, 0, max];
      return alpha ? [...colour, y === 3 ? 0 : max] : colour;
    },
  };
}

describe('decodePsd: the flattened composite', () => {
  it('of a layered 8-bit RGB file written by ag-psd', () => {
    const width = 20;
    const height = 10;
    const composite = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++)
      composite.set(i % width < 10 ? [255, 0, 0, 255] : [0, 0, 255, 255], i * 4);
    const layer = new Uint8ClampedArray(width * height * 4).fill(128);
    const psd = writePsdBuffer({
      width,
      height,
      imageData: { width, height, data: composite },
      children: [{ name: 'Background', imageData: { width, height, data: layer } }],
    });
    const image = decodeRaw(psd, LIMIT);
    expect(image).toMatchObject({ width, height, channels: 3 });
    // The composite, not the grey layer: layers are never re-blended.
    expect(pixel(image, 2, 2)).toEqual([255, 0, 0]);
    expect(pixel(image, 15, 8)).toEqual([0, 0, 255]);
  });

  it.each([
    [8, 'raw'],
    [8, 'rle'],
    [16, 'raw'],
    [16, 'rle'],
  ] as const)('%i-bit RGB and grayscale, %s', (depth, compression) => {
    const rgb = decodeRaw(writePsd(halves(depth, 3), { compression }), LIMIT);
    expect(rgb).toMatchObject({ width: 6, height: 4, channels: 3 });
    const max = depth === 8 ? 255 : 65535;
    expect(pixel(rgb, 0, 0)).toEqual([max, 0, 0]);
    expect(pixel(rgb, 5, 3)).toEqual([0, 0, max]);
    const grey = decodeRaw(writePsd(halves(depth, 1), { compression }), LIMIT);
    // ag-psd spreads 8-bit grey over RGB; 16-bit grey stays one channel (sharp converts both to sRGB).
    expect(pixel(grey, 0, 0)[0]).toBe(max);
    expect(pixel(grey, 5, 3)[0]).toBe(Math.round(max / 2));
  });

  it.each([8, 16] as const)('%i-bit transparency (negative layer count) is kept as alpha', (depth) => {
    for (const colourChannels of [1, 3] as const) {
      const image = decodeRaw(writePsd(halves(depth, colourChannels, true), { compression: 'rle' }), LIMIT);
      const alpha = (x: number, y: number) => pixel(image, x, y)[image.channels - 1];
      expect(alpha(1, 1)).toBe(depth === 8 ? 255 : 65535);
      expect(alpha(1, 3)).toBe(0);
    }
  });

  it('a fourth channel without the negative layer count is a saved selection: opaque', () => {
    const picture = halves(8, 3, true);
    const psd = writePsd(picture);
    // The same file with its layer section emptied: the channel is still stored, the sign is gone.
    const flat = writePsd({ ...picture, alpha: false });
    const withSelection = Buffer.concat([
      flat.subarray(0, flat.length - 6 * 4 * 3),
      psd.subarray(psd.length - 6 * 4 * 4),
    ]);
    withSelection.writeUInt16BE(4, 12); // four stored channels
    const image = decodeRaw(withSelection, LIMIT);
    expect(image.channels).toBe(3);
    expect(pixel(image, 1, 3)).toEqual([255, 0, 0]);
  });

  it('16-bit half-transparent colours are un-matted from Photoshop’s white', () => {
    // Red at half opacity, stored blended over white: (65535, 32768, 32768).
    const picture: PsdPicture = {
      width: 2,
      height: 1,
      colourChannels: 3,
      depth: 16,
      alpha: true,
      at: () => [65535, 32768, 32768, 32768],
    };
    const [r, g, b, a] = pixel(decodeRaw(writePsd(picture), LIMIT), 0, 0);
    expect(a).toBe(32768);
    expect(r).toBe(65535);
    expect(g).toBeLessThan(100);
    expect(b).toBeLessThan(100);
  });
});

describe('decodePsd: CMYK documents', () => {
  /** Left half 100 % cyan ink, right half no ink; Photoshop stores CMYK inverted (max = no ink). */
  const cyanAndPaper = (depth: 8 | 16): PsdPicture => {
    const max = depth === 8 ? 255 : 65535;
    return {
      width: 6,
      height: 4,
      colourChannels: 3,
      alpha: true, // the builder's fourth channel: here K
      depth,
      at: (x) => (x < 3 ? [0, max, max, max] : [max, max, max, max]),
    };
  };

  it.each([8, 16] as const)(
    '%i-bit: converted to sRGB through libvips’ CMYK colour management',
    async (depth) => {
      const image = decodePsd(writePsd(cyanAndPaper(depth), { compression: 'rle', colourMode: 4 }), LIMIT);
      if (image.kind !== 'tiff') throw new Error('expected a CMYK image');
      const meta = await sharp(image.tiff).metadata();
      expect(meta).toMatchObject({ width: 6, height: 4, space: 'cmyk', channels: 4 });
      const { data, info } = await sharp(image.tiff)
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(info.channels).toBe(3);
      const [r, g, b] = data.subarray(0, 3);
      // Press cyan is a light blue-green: little red, much green and blue; no ink is paper white.
      expect(r).toBeLessThan(60);
      expect(g).toBeGreaterThan(120);
      expect(b).toBeGreaterThan(180);
      expect([...data.subarray(5 * 3, 5 * 3 + 3)].every((v) => v > 245)).toBe(true);
    },
  );
});

describe('decodePsd: refusals', () => {
  const reason = (file: Buffer) => {
    try {
      decodePsd(file, LIMIT);
    } catch (error) {
      return error;
    }
    throw new Error('expected a refusal');
  };

  it('a file saved without “Maximize Compatibility” says so', () => {
    const error = reason(writePsd(halves(8, 3), { withoutComposite: true }));
    expect(error).toBeInstanceOf(UnreadableInput);
    expect((error as Error).message).toMatch(
      /saved without “Maximize Compatibility”, so it holds no flattened image/,
    );
  });

  it('Lab and 32-bit documents are refused with what to do', () => {
    const lab = reason(writePsd(halves(8, 3), { colourMode: 9 }));
    expect(lab).toBeInstanceOf(UnreadableInput);
    expect((lab as Error).message).toMatch(/Lab colour Photoshop document.*convert it to RGB/);
    const hdr = writePsd(halves(16, 3));
    hdr.writeUInt16BE(32, 22);
    expect((reason(hdr) as Error).message).toMatch(/32-bit \(HDR\)/);
  });

  it('checks the header’s pixel count first, and damaged files are damaged', () => {
    expect(() => decodePsd(writePsd(halves(8, 3)), 23)).toThrow(PIXEL_LIMIT_MESSAGE);
    const psd = writePsd(halves(16, 3), { compression: 'rle' });
    expect(() => decodePsd(psd.subarray(0, psd.length - 10), LIMIT)).toThrow(/^psdload: /);
    expect(() => decodePsd(Buffer.from('8BPS'), LIMIT)).toThrow(/^psdload: /);
  });
});
