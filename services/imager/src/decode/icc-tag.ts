/**
 * Raw pixels with a colour profile. sharp's raw input cannot carry an ICC profile, yet the HEIC
 * decoder hands over pixels in the camera's colour space (iPhones: Display P3). Wrapping them in a
 * fast, uncompressed PNG with an iCCP chunk lets libvips see a tagged image, so the pipeline's
 * sRGB conversion (pipeline.ts) uses the profile exactly as it does for a tagged JPEG.
 */
import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { type RawImage, sharpFromRaw } from './raw-image.ts';

/** H.273 colour primaries code point of Display P3 / DCI-P3 D65 (SMPTE EG 432-1). */
const PRIMARIES_P3 = 12;

let p3Profile: Promise<Buffer | undefined> | undefined;

/** libvips' built-in Display P3 profile, as the bytes it embeds in an output. */
function displayP3(): Promise<Buffer | undefined> {
  p3Profile ??= sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .withIccProfile('p3')
    .png()
    .toBuffer()
    .then((png) => sharp(png).metadata())
    .then((meta) => meta.icc);
  return p3Profile;
}

/**
 * The profile to attach: an embedded ICC profile, or Display P3 for nclx-described P3 pixels. Other
 * nclx descriptions (BT.709/sRGB primaries, unspecified) need nothing: untagged means sRGB.
 */
export async function profileFor(colour: {
  icc?: Buffer;
  nclx?: { primaries: number };
}): Promise<Buffer | undefined> {
  if (colour.icc && colour.icc.length >= 128) return colour.icc;
  if (colour.nclx?.primaries === PRIMARIES_P3) return displayP3();
  return undefined;
}

export async function sharpFromTaggedRaw(
  image: RawImage,
  icc: Buffer | undefined,
  limitInputPixels: number,
): Promise<Sharp> {
  if (!icc) return sharpFromRaw(image, limitInputPixels);
  const png = await sharpFromRaw(image, limitInputPixels).png({ compressionLevel: 0 }).toBuffer();
  return sharp(withIccp(png, icc), { limitInputPixels, failOn: 'error' });
}

/** Inserts an iCCP chunk right after IHDR (the PNG spec wants it before PLTE and IDAT). */
export function withIccp(png: Buffer, icc: Buffer): Buffer {
  const ihdrEnd = 8 + 4 + 4 + 13 + 4; // signature, length, "IHDR", data, CRC
  const data = Buffer.concat([Buffer.from('icc\0', 'latin1'), Buffer.from([0]), deflateSync(icc)]);
  const type = Buffer.from('iCCP', 'latin1');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
  return Buffer.concat([png.subarray(0, ihdrEnd), length, type, data, crc, png.subarray(ihdrEnd)]);
}
