import { crc32, createDeflate, deflateSync } from 'node:zlib';

/**
 * Images whose headers promise far more pixels than any limit allows: tiny files that would
 * make a naive decoder allocate gigabytes. Real bombs (valid data for every pixel) and headers
 * that merely claim the size over a few bytes of data.
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function ihdr(width: number, height: number, bitDepth: number, colourType: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = bitDepth;
  data[9] = colourType;
  return pngChunk('IHDR', data);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG header saying width×height (8-bit RGB) over an IDAT of a few zero bytes. */
export function pngClaiming(width: number, height: number): Buffer {
  return Buffer.concat([
    PNG_SIGNATURE,
    ihdr(width, height, 8, 2),
    pngChunk('IDAT', deflateSync(Buffer.alloc(8))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A real decompression bomb: a valid 1-bit grayscale PNG of side×side, every row a filter byte
 * and zeros. 30000×30000 (900 MP) is about 110 KB on disk and 112 MB of raw 1-bit rows, which a
 * decoder expands to 900 MB (or 2.7 GB as RGB).
 */
export async function pngBomb(side: number): Promise<Buffer> {
  const row = Buffer.alloc(1 + Math.ceil(side / 8));
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (d: Buffer) => out.push(d));
  const done = new Promise((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const rowsPerWrite = 256;
  const block = Buffer.concat(Array.from({ length: rowsPerWrite }, () => row));
  for (let y = 0; y < side; y += rowsPerWrite) {
    const rows = Math.min(rowsPerWrite, side - y);
    if (!deflate.write(rows === rowsPerWrite ? block : block.subarray(0, rows * row.length)))
      await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return Buffer.concat([
    PNG_SIGNATURE,
    ihdr(side, side, 1, 0),
    pngChunk('IDAT', Buffer.concat(out)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A valid JPEG whose SOF (frame header) is rewritten to claim width×height. */
export function jpegClaiming(jpeg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpeg);
  for (let at = 2; at + 9 < out.length; ) {
    if (out[at] !== 0xff) throw new Error('lost JPEG marker sync');
    const marker = out[at + 1];
    const length = out.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      out.writeUInt16BE(height, at + 5);
      out.writeUInt16BE(width, at + 7);
      return out;
    }
    at += 2 + length;
  }
  throw new Error('no SOF marker');
}

/** A GIF whose logical screen and only frame claim 65535×65535 over a one-pixel image. */
export function gifClaiming(): Buffer {
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    Buffer.from([0xff, 0xff, 0xff, 0xff, 0x80, 0, 0]), // screen 65535×65535, 2-colour global table
    Buffer.from([0, 0, 0, 0xff, 0xff, 0xff]),
    Buffer.from([0x2c, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0]), // image descriptor 65535×65535
    Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00]), // LZW min code 2, one tiny block
    Buffer.from([0x3b]),
  ]);
}

/** A WebP (VP8X extended header) declaring a 16384×16384 canvas (268 MP) with a tiny VP8L image. */
export function webpClaiming(): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x.writeUIntLE(16383, 4, 3); // canvas width - 1
  vp8x.writeUIntLE(16383, 7, 3); // canvas height - 1
  const chunk = (type: string, data: Buffer) => {
    const header = Buffer.alloc(8);
    header.write(type, 0, 'latin1');
    header.writeUInt32LE(data.length, 4);
    return Buffer.concat([header, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
  };
  // VP8L: signature 0x2f, 14-bit width-1 and height-1 (16383 each), no alpha, version 0.
  const vp8l = Buffer.alloc(5 + 8);
  vp8l[0] = 0x2f;
  vp8l.writeUInt32LE((16383 | (16383 << 14)) >>> 0, 1);
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), chunk('VP8X', vp8x), chunk('VP8L', vp8l)]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

/** A little-endian TIFF: one strip, 100000×100000 8-bit grayscale, eight bytes of data. */
export function tiffClaiming(): Buffer {
  const entries: Array<[number, number, number, number]> = [
    [256, 4, 1, 100_000], // ImageWidth (LONG)
    [257, 4, 1, 100_000], // ImageLength
    [258, 3, 1, 8], // BitsPerSample
    [259, 3, 1, 1], // Compression: none
    [262, 3, 1, 1], // Photometric: black is zero
    [273, 4, 1, 8 + 2 + 9 * 12 + 4], // StripOffsets: right after the IFD
    [277, 3, 1, 1], // SamplesPerPixel
    [278, 4, 1, 100_000], // RowsPerStrip
    [279, 4, 1, 8], // StripByteCounts
  ];
  const ifd = Buffer.alloc(2 + entries.length * 12 + 4);
  ifd.writeUInt16LE(entries.length, 0);
  entries.forEach(([tag, type, count, value], i) => {
    const at = 2 + i * 12;
    ifd.writeUInt16LE(tag, at);
    ifd.writeUInt16LE(type, at + 2);
    ifd.writeUInt32LE(count, at + 4);
    if (type === 3) ifd.writeUInt16LE(value, at + 8);
    else ifd.writeUInt32LE(value, at + 8);
  });
  const header = Buffer.from([0x49, 0x49, 0x2a, 0, 8, 0, 0, 0]);
  return Buffer.concat([header, ifd, Buffer.alloc(8)]);
}

/** A BMP header claiming 50000×50000 at 24 bits over a few bytes of pixels. */
export function bmpClaiming(): Buffer {
  const out = Buffer.alloc(54 + 16);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(50_000, 18);
  out.writeInt32LE(50_000, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  return out;
}

/** A PSD header claiming 30000×30000 RGB 8-bit, with empty sections and a few bytes of composite. */
export function psdClaiming(): Buffer {
  const header = Buffer.alloc(26);
  header.write('8BPS', 0, 'latin1');
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(3, 12); // channels
  header.writeUInt32BE(30_000, 14); // height
  header.writeUInt32BE(30_000, 18); // width
  header.writeUInt16BE(8, 22);
  header.writeUInt16BE(3, 24); // RGB
  return Buffer.concat([header, Buffer.alloc(12), Buffer.from([0, 0]), Buffer.alloc(16)]);
}
