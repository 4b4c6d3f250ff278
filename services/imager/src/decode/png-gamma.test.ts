import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { declaredGamma, needsGammaCorrection, openPng } from './png-gamma.ts';

/** Files made by ImageMagick + exiftool; references by Netpbm (tests/corpus/make/output.sh). */
const CORPUS = join(import.meta.dirname, '../../../../tests/corpus/files/output');
const LIMIT = 100_000_000;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
  return Buffer.concat([length, Buffer.from(type, 'latin1'), data, crc]);
}

/** `png` with chunks inserted right after IHDR. */
function withChunks(png: Buffer, ...chunks: Buffer[]): Buffer {
  const ihdrEnd = 8 + 25;
  return Buffer.concat([png.subarray(0, ihdrEnd), ...chunks, png.subarray(ihdrEnd)]);
}

const gama = (gamma: number) => {
  const data = Buffer.alloc(4);
  data.writeUInt32BE(Math.round(gamma * 100_000));
  return chunk('gAMA', data);
};

async function rgb(image: Sharp, width: number, height: number): Promise<Buffer> {
  return image.toColourspace('srgb').removeAlpha().resize(width, height, { fit: 'fill' }).raw().toBuffer();
}

function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum / a.length;
}

describe('declaredGamma', () => {
  it('reads gAMA unless sRGB or iCCP overrides it', async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    expect(declaredGamma(png)).toBeUndefined();
    expect(declaredGamma(withChunks(png, gama(1)))).toBe(1);
    expect(declaredGamma(withChunks(png, gama(1), chunk('sRGB', Buffer.from([0]))))).toBeUndefined();
    expect(needsGammaCorrection(1)).toBe(true);
    expect(needsGammaCorrection(0.45455)).toBe(false);
    expect(needsGammaCorrection(undefined)).toBe(false);
  });
});

describe('openPng', () => {
  it('shows a gAMA 1.0 PNG as a browser does (Netpbm corrects it to a 2.2 display)', async () => {
    const path = join(CORPUS, 'exiftool-gama-1.0.png');
    const reference = await rgb(sharp(join(CORPUS, 'exiftool-gama-1.0.ref.png')), 256, 192);
    const ours = await rgb(await openPng(path, LIMIT), 256, 192);
    const untouched = await rgb(sharp(path), 256, 192);
    expect(meanDifference(ours, reference)).toBeLessThan(3);
    // Without the correction the picture is much darker than the browser shows it.
    expect(meanDifference(untouched, reference)).toBeGreaterThan(20);
  });

  it('leaves a gAMA 1/2.2 PNG as it is', async () => {
    const path = join(CORPUS, 'exiftool-gama-2.2.png');
    const reference = await rgb(sharp(join(CORPUS, 'exiftool-gama-2.2.ref.png')), 256, 192);
    expect(meanDifference(await rgb(await openPng(path, LIMIT), 256, 192), reference)).toBeLessThan(1);
  });

  it('corrects 16-bit samples and keeps alpha and EXIF orientation', async () => {
    // 16-bit grey+alpha, mid-grey linear light at half opacity, 4×2 stored, orientation 6 (shown 2×4).
    const png = await sharp({ create: { width: 4, height: 2, channels: 4, background: '#80808080' } })
      .toColourspace('grey16')
      .png()
      .toBuffer();
    // The eXIf chunk exiftool wrote into the corpus file (Orientation 6).
    const file = withChunks(
      png,
      gama(1),
      chunkOf(await readFile(join(CORPUS, 'exiftool-exif-orientation-6.png')), 'eXIf'),
    );
    const { data, info } = await (await openPng(await saveTemp(file), LIMIT))
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([2, 4, 4]);
    // 0x8080 is 0.502 of full scale; shown as linear light that is sRGB 0.7371 (188); alpha untouched.
    expect([...data.subarray(0, 4)]).toEqual([188, 188, 188, 128]);
  });
});

function chunkOf(png: Buffer, type: string): Buffer {
  for (let at = 8; at + 8 <= png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === type) return png.subarray(at, at + 12 + length);
    at += 12 + length;
  }
  throw new Error(`no ${type} chunk`);
}

async function saveTemp(bytes: Buffer): Promise<string> {
  const { mkdtemp, writeFile } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const path = join(await mkdtemp(join(tmpdir(), 'png-gamma-')), 'x.png');
  await writeFile(path, bytes);
  return path;
}
