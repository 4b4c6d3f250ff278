/**
 * Decoded pixels handed to sharp. The formats libvips cannot read (BMP, ICO, PSD, HEIC) are decoded
 * in JS/wasm to interleaved samples and enter sharp as raw input, so every later step (orientation,
 * flattening onto white, sRGB, encoding) is the same pipeline as for a PNG.
 */
import sharp, { type Sharp } from 'sharp';

export interface RawImage {
  width: number;
  height: number;
  /** 3 = RGB, 4 = RGBA (straight, not premultiplied alpha); 1/2 = grey (+ alpha). */
  channels: 1 | 2 | 3 | 4;
  /** Interleaved samples, top row first: 8-bit, or 16-bit for deep PSDs. */
  data: Uint8Array | Uint16Array;
}

/**
 * The message libvips uses for the same refusal, so `read-errors` words it the same way for every
 * format ("… has more than 100 megapixels").
 */
export const PIXEL_LIMIT_MESSAGE = 'Input image exceeds pixel limit';

/** Refuse before allocating: called with the size a header declares, before any pixel is decoded. */
export function checkPixelLimit(width: number, height: number, limitInputPixels: number): void {
  if (width * height > limitInputPixels) throw new Error(PIXEL_LIMIT_MESSAGE);
}

/**
 * A problem with the input that deserves its own sentence rather than "damaged or incomplete":
 * openImage turns it into a JobFailure naming the file ("logo.svg could not be read: <reason>").
 */
export class UnreadableInput extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'UnreadableInput';
  }
}

/** Keeps sharp's own pixel bound on the raw input too (it checks width × height again). */
export function sharpFromRaw(image: RawImage, limitInputPixels: number): Sharp {
  const { width, height, channels, data } = image;
  return sharp(data, { raw: { width, height, channels }, limitInputPixels });
}

/** True when every alpha sample (the last of each pixel) is fully opaque. */
export function isOpaque(rgba: Uint8Array): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return false;
  return true;
}

/**
 * RGBA → RGB when the alpha says nothing (every pixel opaque): a PNG output then has no useless
 * alpha channel and is a quarter smaller, as it would be from a 24-bit source.
 */
export function withoutUselessAlpha(image: RawImage & { data: Uint8Array }): RawImage {
  if (image.channels !== 4 || !isOpaque(image.data)) return image;
  const { data } = image;
  const rgb = new Uint8Array((data.length / 4) * 3);
  for (let i = 0, o = 0; i < data.length; i += 4, o += 3) {
    rgb[o] = data[i];
    rgb[o + 1] = data[i + 1];
    rgb[o + 2] = data[i + 2];
  }
  return { width: image.width, height: image.height, channels: 3, data: rgb };
}
