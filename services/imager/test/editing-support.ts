/**
 * Test-only helpers for the editing tools: photo-like images generated with sharp (no binary fixtures),
 * and small independent readers of what a file really says (JFIF density, PNG pHYs, EXIF tags, JPEG
 * frame type) so tests do not only trust sharp's own metadata. Not a *.test.ts file, so vitest does
 * not collect it.
 */
import sharp from 'sharp';

/** Deterministic pseudo-random numbers (tests must be repeatable). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    // xorshift32
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x1_0000_0000;
  };
}

/**
 * Something like a photo: smooth gradients, a few shapes with edges, text, mild grain. Compresses like a
 * photo (unlike pure noise, which no quality setting shrinks much, or flat colour, which every setting
 * shrinks to nothing).
 */
export async function photoLikePng(width = 800, height = 600, seed = 1): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2a6fb0"/><stop offset="1" stop-color="#f0c060"/></linearGradient>
    <radialGradient id="sun"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#c03030"/></radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <circle cx="${width * 0.3}" cy="${height * 0.4}" r="${height * 0.25}" fill="url(#sun)"/>
  <rect x="${width * 0.55}" y="${height * 0.5}" width="${width * 0.3}" height="${height * 0.35}" fill="#205020" transform="rotate(12 ${width * 0.7} ${height * 0.6})"/>
  <text x="${width * 0.1}" y="${height * 0.9}" font-size="${height / 10}" fill="#111">Mediakit</text>
</svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const random = seededRandom(seed);
  for (let i = 0; i < data.length; i++) {
    data[i] = Math.max(0, Math.min(255, data[i] + Math.round((random() - 0.5) * 24)));
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .blur(0.6)
    .png()
    .toBuffer();
}

/**
 * A hard photo: random noise over a gradient, as JPEG quality 95, with camera and GPS EXIF. At
 * 6000×4000 (24 MP) it is the worst case for the PAN photo budget: noise is what JPEG compresses worst.
 */
export async function noisyJpeg(width: number, height: number, seed = 7): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  const random = seededRandom(seed);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const n = random() * 64;
      const i = (y * width + x) * 3;
      raw[i] = (x * 190) / width + n;
      raw[i + 1] = (y * 190) / height + n;
      raw[i + 2] = ((x + y) * 120) / (width + height) + 2 * n;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .withExif(CAMERA_AND_GPS_EXIF)
    .toBuffer();
}

/** EXIF a phone would write: who made the camera, which model, where the photo was taken. */
export const CAMERA_AND_GPS_EXIF = {
  IFD0: { Make: 'PhoneCorp', Model: 'Snap 12', Copyright: 'Jane Roe' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '28/1 36/1 5000/100',
    GPSLongitudeRef: 'E',
    GPSLongitude: '77/1 12/1 3000/100',
  },
};

/** Dark "ink" strokes on slightly grey scanned paper, RGB. */
export async function signatureScan(width = 1200, height = 500): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="100%" height="100%" fill="#f4f4f0"/>
  <path d="M ${width * 0.08} ${height * 0.7} C ${width * 0.2} ${height * 0.1}, ${width * 0.3} ${height * 0.9}, ${width * 0.45} ${height * 0.4} S ${width * 0.7} ${height * 0.2}, ${width * 0.92} ${height * 0.6}"
        stroke="#1a2a6c" stroke-width="${height / 25}" fill="none" stroke-linecap="round"/>
  <rect x="${width * 0.45}" y="${height * 0.45}" width="${width * 0.1}" height="${height * 0.1}" fill="#1a2a6c"/>
</svg>`;
  return sharp(Buffer.from(svg)).removeAlpha().jpeg({ quality: 92 }).toBuffer();
}

// ---------------------------------------------------------------------------------------------------
// Independent readers

/** The JFIF APP0 segment's density, or undefined when there is none. */
export function jfifDensity(jpeg: Buffer): { units: number; x: number; y: number } | undefined {
  let at = 2; // after SOI
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1];
    const length = jpeg.readUInt16BE(at + 2);
    if (marker === 0xe0 && jpeg.subarray(at + 4, at + 9).toString('latin1') === 'JFIF\0') {
      return { units: jpeg[at + 11], x: jpeg.readUInt16BE(at + 12), y: jpeg.readUInt16BE(at + 14) };
    }
    if (marker === 0xda) return undefined; // start of scan: no more headers
    at += 2 + length;
  }
  return undefined;
}

/** Whether the JPEG is baseline (SOF0/SOF1) rather than progressive (SOF2). */
export function jpegFrameType(jpeg: Buffer): 'baseline' | 'progressive' | 'other' {
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1];
    if (marker === 0xc0 || marker === 0xc1) return 'baseline';
    if (marker === 0xc2) return 'progressive';
    if (marker === 0xda) break;
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  return 'other';
}

/** The PNG pHYs chunk in dots per inch (rounded), or undefined. */
export function pngDpi(png: Buffer): { x: number; y: number } | undefined {
  let at = 8;
  while (at + 8 <= png.length) {
    const length = png.readUInt32BE(at);
    const type = png.subarray(at + 4, at + 8).toString('latin1');
    if (type === 'pHYs') {
      const x = png.readUInt32BE(at + 8);
      const y = png.readUInt32BE(at + 12);
      if (png[at + 16] !== 1) return undefined; // unit is not the metre
      return { x: Math.round(x * 0.0254), y: Math.round(y * 0.0254) };
    }
    if (type === 'IDAT') return undefined;
    at += 12 + length;
  }
  return undefined;
}

export interface ExifTags {
  /** Tag ids in IFD0. */
  ifd0: number[];
  /** Tag ids in the Exif sub-IFD, if any. */
  exif: number[];
  /** Whether a GPS IFD is referenced. */
  gps: boolean;
  /** XResolution, YResolution (rationals) and ResolutionUnit (2 = inch) of IFD0, if present. */
  resolution?: { x: number; y: number; unit: number };
}

/** The tags of an EXIF block as sharp's metadata gives it ("Exif\0\0" + a TIFF structure). */
export function exifTags(block: Buffer): ExifTags {
  const tiff = block.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? block.subarray(6) : block;
  const little = tiff.subarray(0, 2).toString('latin1') === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const readIfd = (offset: number) => {
    const tags: { tag: number; value: number }[] = [];
    if (offset <= 0 || offset + 2 > tiff.length) return tags;
    const count = u16(offset);
    for (let i = 0; i < count; i++) {
      const entry = offset + 2 + i * 12;
      tags.push({ tag: u16(entry), value: u32(entry + 8) });
    }
    return tags;
  };
  const ifd0 = readIfd(u32(4));
  const exifPointer = ifd0.find((t) => t.tag === 0x8769);
  const rational = (tag: number) => {
    const entry = ifd0.find((t) => t.tag === tag);
    return entry ? u32(entry.value) / u32(entry.value + 4) : undefined;
  };
  const x = rational(0x011a);
  const y = rational(0x011b);
  // A SHORT fits in the value field: its first two bytes.
  const unitEntry = ifd0.find((t) => t.tag === 0x0128);
  const unit = unitEntry ? (little ? unitEntry.value & 0xffff : unitEntry.value >>> 16) : 2;
  return {
    ifd0: ifd0.map((t) => t.tag),
    exif: exifPointer ? readIfd(exifPointer.value).map((t) => t.tag) : [],
    gps: ifd0.some((t) => t.tag === 0x8825),
    ...(x !== undefined && y !== undefined ? { resolution: { x, y, unit } } : {}),
  };
}

/** IFD0 tags that identify a camera or a person: Make, Model, Software, Artist, Copyright, DateTime. */
export const IDENTIFYING_IFD0_TAGS = [0x010f, 0x0110, 0x0131, 0x013b, 0x8298, 0x0132];
/** Exif sub-IFD tags that identify a camera or a moment: DateTimeOriginal, serial numbers, lens. */
export const IDENTIFYING_EXIF_TAGS = [0x9003, 0x9004, 0xa431, 0xa433, 0xa434, 0xa435];

/** All pixels of a file, with its channel count. */
export async function rawPixels(bytes: Buffer | string) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return {
    info,
    at(x: number, y: number): number[] {
      const i = (y * info.width + x) * info.channels;
      return [...data.subarray(i, i + info.channels)];
    },
  };
}

/** A JPEG as a phone writes it: camera and GPS EXIF, an sRGB ICC profile, and an EXIF orientation. */
export function phoneJpeg(image: Buffer, orientation: number): Promise<Buffer> {
  return sharp(image)
    .jpeg({ quality: 95 })
    .withExif(CAMERA_AND_GPS_EXIF)
    .withMetadata({ orientation })
    .toBuffer();
}
