/**
 * Animated PNG (APNG): a PNG whose `acTL` chunk, before the first `IDAT`, announces frames. Every
 * other reader sees the default image only, so an APNG is a valid PNG; this tells the two apart and
 * reads the frame count, loop count and canvas size without decoding.
 */
import { open } from 'node:fs/promises';

export interface ApngHeader {
  width: number;
  height: number;
  frames: number;
  /** How many times it plays; 0 = forever (`num_plays`). */
  loop: number;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Chunks before the image data are small (palette, colour, text); an `acTL` further on is not read. */
const HEAD_BYTES = 256 * 1024;

/** The animation header of a PNG file, or undefined for a still PNG (or not a PNG). */
export async function readApngHeader(path: string): Promise<ApngHeader | undefined> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return parseApngHeader(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

export function parseApngHeader(png: Buffer): ApngHeader | undefined {
  if (png.length < 33 || !png.subarray(0, 8).equals(SIGNATURE)) return undefined;
  let width = 0;
  let height = 0;
  for (let at = 8; at + 8 <= png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = at + 8;
    if (data + length > png.length) return undefined;
    if (type === 'IHDR' && length >= 8) {
      width = png.readUInt32BE(data);
      height = png.readUInt32BE(data + 4);
    } else if (type === 'acTL' && length >= 8) {
      const frames = png.readUInt32BE(data);
      if (width < 1 || height < 1 || frames < 1) return undefined;
      return { width, height, frames, loop: png.readUInt32BE(data + 4) };
    } else if (type === 'IDAT' || type === 'IEND') {
      return undefined;
    }
    at = data + length + 4; // + CRC
  }
  return undefined;
}
