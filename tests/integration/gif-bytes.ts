/**
 * GIF read and written byte by byte, independently of ffmpeg (whose GIFs these tests check):
 * what ffprobe does not show (the NETSCAPE2.0 loop count, colour table sizes, each frame's delay),
 * and small GIFs with transparency and uneven delays for gif-to-mp4 to take in.
 */

export interface GifFacts {
  width: number;
  height: number;
  frames: number;
  /** NETSCAPE2.0 repeat count (0: forever); undefined without the extension (plays once). */
  loop?: number;
  /** Entries of the global colour table, 0 without one. */
  globalColours: number;
  /** Entries of each frame's local colour table (0: it uses the global one). */
  localColours: number[];
  /** Each frame's delay in 1/100 s. */
  delays: number[];
}

/** Walks the blocks of a GIF87a/89a file. Throws on anything that is not one. */
export function readGif(b: Buffer): GifFacts {
  const magic = b.toString('latin1', 0, 6);
  if (magic !== 'GIF89a' && magic !== 'GIF87a') throw new Error(`not a GIF: ${JSON.stringify(magic)}`);
  const tableSize = (packed: number) => (packed & 0x80 ? 2 ** ((packed & 7) + 1) : 0);
  const facts: GifFacts = {
    width: b.readUInt16LE(6),
    height: b.readUInt16LE(8),
    frames: 0,
    globalColours: tableSize(b[10]),
    localColours: [],
    delays: [],
  };
  let at = 13 + 3 * facts.globalColours;
  const skipSubBlocks = () => {
    while (b[at] !== 0) at += b[at] + 1;
    at += 1;
  };
  let delay = 0;
  while (at < b.length) {
    const block = b[at++];
    if (block === 0x3b) return facts;
    if (block === 0x21) {
      const label = b[at++];
      if (label === 0xf9) delay = b.readUInt16LE(at + 2);
      if (label === 0xff && b.toString('latin1', at + 1, at + 12) === 'NETSCAPE2.0') {
        facts.loop = b.readUInt16LE(at + 14);
      }
      skipSubBlocks();
    } else if (block === 0x2c) {
      const packed = b[at + 8];
      facts.localColours.push(tableSize(packed));
      at += 9 + 3 * tableSize(packed) + 1; // descriptor, local table, LZW minimum code size
      skipSubBlocks();
      facts.frames += 1;
      facts.delays.push(delay);
    } else {
      throw new Error(`unexpected GIF block 0x${block.toString(16)} at byte ${at - 1}`);
    }
  }
  throw new Error('the GIF has no trailer: it is cut short');
}

/** A frame: `pixel(x, y)` gives an index into COLOURS; index 0 is transparent. */
export interface GifFrame {
  delayCs: number;
  pixel: (x: number, y: number) => 0 | 1 | 2 | 3;
}

/** Transparent, red, blue, green. */
export const COLOURS = [
  [0, 0, 0],
  [255, 0, 0],
  [0, 0, 255],
  [0, 255, 0],
] as const;

/**
 * A looping GIF89a with a 4-colour table, index 0 transparent. Its LZW data never grows the
 * dictionary past the first free code (a clear code every two pixels), so every code is 3 bits:
 * valid for any decoder, and simple enough to write here.
 */
export function writeGif(width: number, height: number, frames: GifFrame[]): Buffer {
  const out: number[] = [...Buffer.from('GIF89a', 'latin1')];
  const u16 = (n: number) => out.push(n & 0xff, n >> 8);
  u16(width);
  u16(height);
  out.push(0x81, 0, 0); // global table of 4 entries
  for (const c of COLOURS) out.push(...c);
  out.push(0x21, 0xff, 11, ...Buffer.from('NETSCAPE2.0', 'latin1'), 3, 1, 0, 0, 0);
  for (const frame of frames) {
    out.push(0x21, 0xf9, 4, 0b0000_1001); // disposal 2 (back to background), transparent index given
    u16(frame.delayCs);
    out.push(0, 0);
    out.push(0x2c);
    u16(0);
    u16(0);
    u16(width);
    u16(height);
    out.push(0, 2); // no local table; LZW minimum code size 2
    const codes: number[] = [];
    for (let i = 0; i < width * height; i++) {
      if (i % 2 === 0) codes.push(4); // clear
      codes.push(frame.pixel(i % width, Math.floor(i / width)));
    }
    codes.push(5); // end of information
    const bytes: number[] = [];
    let acc = 0;
    let bits = 0;
    for (const code of codes) {
      acc |= code << bits;
      bits += 3;
      while (bits >= 8) {
        bytes.push(acc & 0xff);
        acc >>= 8;
        bits -= 8;
      }
    }
    if (bits > 0) bytes.push(acc & 0xff);
    for (let i = 0; i < bytes.length; i += 255) {
      const chunk = bytes.slice(i, i + 255);
      out.push(chunk.length, ...chunk);
    }
    out.push(0);
  }
  out.push(0x3b);
  return Buffer.from(out);
}
