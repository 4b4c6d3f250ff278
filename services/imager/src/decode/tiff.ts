/**
 * TIFF: libvips reads most files, but fails with loader text on some valid layouts. The first image
 * directory's tags (read by @mediakit/media) say which layout a file uses before anything is decoded:
 *
 * - old-style JPEG compression (TIFF 6.0 compression 6, written by old scanners and fax software),
 *   which sharp's libtiff is built without: when the file holds a complete JPEG stream (the
 *   JPEGInterchangeFormat tag), that stream is handed to libvips as a JPEG; otherwise it is refused;
 * - CIELab (Photoshop's Lab mode): 16-bit files are read by libvips itself; 8-bit ones, which
 *   sharp's libvips fails on, are decoded by libvips as if RGB (a copy re-labelled, so the L, a, b
 *   samples come out untouched), widened to 16-bit Lab and handed back as an in-memory Lab TIFF;
 * - refused with a sentence naming the feature: tiled files with separate colour planes, sample
 *   sizes other than 1, 2, 4, 8, 16, 32 or 64 bits (12-bit scanner files), and compressions sharp's
 *   libtiff is built without.
 *
 * Float samples (32-bit, half floats) are scaled as ImageMagick shows them (tiff-float.ts).
 * A file whose tags cannot be read goes to libvips as before, which says "damaged" if it is.
 */
import { open, readFile } from 'node:fs/promises';
import { readTiffLayout, type TiffLayout } from '@mediakit/media';
import sharp, { type Sharp } from 'sharp';
import { UnreadableInput } from './raw-image.ts';
import { separatedTiff } from './raw-tiff.ts';
import { withFloatSamplesScaled } from './tiff-float.ts';

export type TiffSource =
  | { kind: 'libvips' }
  | { kind: 'jpeg'; jpeg: Buffer }
  | { kind: 'lab8'; photometricAt: number; littleEndian: boolean; width: number; height: number };

const RGB = 2;

const OLD_JPEG = 6;
const CIELAB = 8;
const WHOLE_SAMPLE_BITS = new Set([1, 2, 4, 8, 16, 32, 64]);
const SAVE_AS = 'save it as a regular TIFF (LZW or ZIP compression) or as PNG';

/** Compressions that libtiff knows but sharp's build leaves out (each fails as "not configured"). */
const MISSING_COMPRESSIONS: Record<number, string> = {
  34661: 'JBIG',
  34712: 'JPEG 2000',
  33003: 'JPEG 2000',
  33005: 'JPEG 2000',
  34887: 'LERC',
  34925: 'LZMA',
  50000: 'Zstandard (ZSTD)',
  50002: 'JPEG XL',
};

/** How to decode the TIFF at `path`; throws UnreadableInput naming a feature we cannot read. */
export async function tiffSource(path: string): Promise<TiffSource> {
  const handle = await open(path, 'r');
  try {
    const readAt = async (offset: number, length: number) => {
      const buf = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buf, 0, length, offset);
      return buf.subarray(0, bytesRead);
    };
    const layout = await readTiffLayout(readAt);
    if (!layout) return { kind: 'libvips' };
    const problem = unsupportedFeature(layout);
    if (problem) throw new UnreadableInput(problem);
    if (isLab8(layout) && layout.photometricAt !== undefined) {
      const { photometricAt, littleEndian, width, height } = layout;
      return { kind: 'lab8', photometricAt, littleEndian, width, height };
    }
    if (layout.compression !== OLD_JPEG) return { kind: 'libvips' };
    const { size } = await handle.stat();
    const declared = layout.jpegStream;
    // A length past the end of the file is a lie, not an allocation to make.
    const stream =
      declared &&
      declared.offset + declared.length <= size &&
      (await readAt(declared.offset, declared.length));
    if (stream && stream.length === layout.jpegStream?.length && stream[0] === 0xff && stream[1] === 0xd8) {
      return { kind: 'jpeg', jpeg: stream };
    }
    throw new UnreadableInput(
      `it is a TIFF with old-style JPEG compression (from old scanners and fax software), which we cannot read; ${SAVE_AS}`,
    );
  } finally {
    await handle.close();
  }
}

/** The TIFF at `path`, ready for the pipeline (first page only, bounded like any input). */
export async function openTiff(path: string, limitInputPixels: number): Promise<Sharp> {
  const source = await tiffSource(path);
  const options = { limitInputPixels, failOn: 'error', pages: 1 } as const;
  if (source.kind === 'jpeg') return sharp(source.jpeg, options);
  if (source.kind === 'libvips') return withFloatSamplesScaled(sharp(path, options), limitInputPixels);
  const relabelled = await readFile(path);
  if (source.littleEndian) relabelled.writeUInt16LE(RGB, source.photometricAt);
  else relabelled.writeUInt16BE(RGB, source.photometricAt);
  const { data, info } = await sharp(relabelled, options).raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error('tiff2vips: unexpected CIELab layout');
  // 8-bit CIELab: L 0..255 means 0..100, a and b are signed bytes. 16-bit: L 0..65535, a and b
  // signed 16-bit in 1/256 steps.
  const lab = new Uint16Array(data.length);
  for (let i = 0; i < data.length; i += 3) {
    lab[i] = data[i] * 257;
    lab[i + 1] = (((data[i + 1] << 24) >> 24) * 256) & 0xffff;
    lab[i + 2] = (((data[i + 2] << 24) >> 24) * 256) & 0xffff;
  }
  const tiff = separatedTiff({ width: info.width, height: info.height, space: 'lab', data: lab });
  return sharp(tiff, { limitInputPixels, failOn: 'error' });
}

function isLab8(layout: TiffLayout): boolean {
  return (
    layout.photometric === CIELAB &&
    layout.samplesPerPixel === 3 &&
    layout.bitsPerSample.every((b) => b === 8)
  );
}

function unsupportedFeature(layout: TiffLayout): string | undefined {
  const compression = MISSING_COMPRESSIONS[layout.compression];
  if (compression) {
    return `it is a TIFF with ${compression} compression, which we cannot read; save it with LZW or ZIP compression, or as PNG`;
  }
  if (layout.tiled && layout.planar === 2) {
    return `it is a tiled TIFF with separate colour planes, which we cannot read yet; ${SAVE_AS}`;
  }
  const odd = layout.bitsPerSample.find((bits) => !WHOLE_SAMPLE_BITS.has(bits));
  if (odd !== undefined) {
    return `it is a TIFF with ${odd} bits per sample, which we cannot read; save it with 8 or 16 bits per sample, or as PNG`;
  }
  if (layout.photometric === CIELAB && layout.bitsPerSample[0] === 8 && !isLab8(layout)) {
    return 'it is an 8-bit CIELab TIFF with extra channels, which we cannot read; save it in RGB, or as PNG';
  }
  return undefined;
}
