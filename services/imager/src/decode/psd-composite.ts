/**
 * 16-bit grayscale and RGB composites (what ag-psd mis-reads). The "Image Data" section holds a
 * compression word, then every channel as a plane of rows, top row first, big-endian samples:
 * raw (0), or PackBits (1) with every row's packed byte count listed first (2 bytes each, 4 in PSB).
 * ZIP compressions (2, 3) are only used for layers, never for the composite.
 */
import type { PsdHeader } from './psd-header.ts';
import type { RawImage } from './raw-image.ts';

const damaged = (detail: string) => new Error(`psdload: ${detail}`);

export function decodeComposite16(file: Buffer, header: PsdHeader): RawImage {
  const { width, height, mode, mergedAlpha } = header;
  const colours = mode === 1 ? 1 : 3;
  const channels = colours + (mergedAlpha && header.channels > colours ? 1 : 0);
  const rowBytes = width * 2;
  const out = new Uint16Array(width * height * channels);
  const compression = file.readUInt16BE(header.imageData);
  let at = header.imageData + 2;

  // Every stored channel's rows come in order; only the colour channels and transparency are kept.
  const rows = header.channels * height;
  let counts: number[] | undefined;
  if (compression === 1) {
    const size = header.large ? 4 : 2;
    if (at + rows * size > file.length) throw damaged('the row table ends early');
    counts = Array.from({ length: rows }, (_, i) =>
      size === 4 ? file.readUInt32BE(at + i * 4) : file.readUInt16BE(at + i * 2),
    );
    at += rows * size;
  } else if (compression !== 0) {
    throw damaged(`composite compression ${compression}`);
  }

  const row = Buffer.alloc(rowBytes);
  for (let c = 0; c < channels; c++) {
    for (let y = 0; y < height; y++) {
      if (counts) {
        const packed = counts[c * height + y];
        if (at + packed > file.length) throw damaged('the composite ends early');
        unpackBits(file.subarray(at, at + packed), row);
        at += packed;
      } else {
        if (at + rowBytes > file.length) throw damaged('the composite ends early');
        file.copy(row, 0, at, at + rowBytes);
        at += rowBytes;
      }
      for (let x = 0, o = y * width * channels + c; x < width; x++, o += channels) {
        out[o] = row.readUInt16BE(x * 2);
      }
    }
  }
  if (channels > colours) unmatte(out, channels);
  return { width, height, channels: channels as 1 | 2 | 3 | 4, data: out };
}

/**
 * Photoshop stores a transparent composite's colours blended over white (c·a + white·(1 − a));
 * dividing the white back out gives the straight colours that sharp expects (as ag-psd does for 8 bits).
 */
function unmatte(data: Uint16Array, channels: number): void {
  const max = 0xffff;
  for (let p = 0; p < data.length; p += channels) {
    const alpha = data[p + channels - 1];
    if (alpha === 0 || alpha === max) continue;
    const a = alpha / max;
    for (let c = 0; c < channels - 1; c++) {
      const straight = (data[p + c] - max * (1 - a)) / a;
      data[p + c] = Math.max(0, Math.min(max, Math.round(straight)));
    }
  }
}

/** PackBits: n < 128 copies n + 1 bytes, n > 128 repeats the next byte 257 - n times, 128 is a no-op. */
function unpackBits(packed: Buffer, row: Buffer): void {
  let i = 0;
  let o = 0;
  while (i < packed.length && o < row.length) {
    const n = packed[i++];
    if (n < 128) {
      const len = Math.min(n + 1, row.length - o, packed.length - i);
      packed.copy(row, o, i, i + len);
      o += len;
      i += n + 1;
    } else if (n > 128) {
      if (i >= packed.length) break;
      row.fill(packed[i++], o, Math.min(row.length, o + 257 - n));
      o += 257 - n;
    }
  }
  if (o < row.length) throw damaged('a packed row is too short');
}
