/**
 * Composites ag-psd mis-reads or does not convert: 16-bit grayscale and RGB (ag-psd puts RLE rows
 * byte by byte into 16-bit samples) and CMYK at 8 or 16 bits (ag-psd converts CMYK without colour
 * management). The "Image Data" section holds a compression word, then every channel as a plane of
 * rows, top row first, big-endian samples: raw (0), or PackBits (1) with every row's packed byte
 * count listed first (2 bytes each, 4 in PSB). ZIP compressions (2, 3) are only used for layers.
 */
import type { PsdHeader } from './psd-header.ts';
import type { RawImage } from './raw-image.ts';

const damaged = (detail: string) => new Error(`psdload: ${detail}`);

export function decodeComposite16(file: Buffer, header: PsdHeader): RawImage {
  const { width, height, mode, mergedAlpha } = header;
  const colours = mode === 1 ? 1 : 3;
  const channels = colours + (mergedAlpha && header.channels > colours ? 1 : 0);
  const out = readPlanes(file, header, channels) as Uint16Array;
  if (channels > colours) unmatte(out, channels);
  return { width, height, channels: channels as 1 | 2 | 3 | 4, data: out };
}

/** Interleaved samples of the first `channels` stored channels (8 or 16 bits, as stored). */
export function readPlanes(file: Buffer, header: PsdHeader, channels: number): Uint8Array | Uint16Array {
  const { width, height } = header;
  const sixteen = header.depth === 16;
  if (header.depth !== 8 && !sixteen) throw damaged(`composite of ${header.depth} bits per channel`);
  const rowBytes = width * (sixteen ? 2 : 1);
  const out = sixteen
    ? new Uint16Array(width * height * channels)
    : new Uint8Array(width * height * channels);
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
        out[o] = sixteen ? row.readUInt16BE(x * 2) : row[x];
      }
    }
  }
  return out;
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
