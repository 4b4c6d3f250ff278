/**
 * Pixels decoded outside libvips whose colour space sharp's raw input cannot say (it reads raw
 * samples as RGB or grey) reach sharp as an uncompressed TIFF in memory: the TIFF's photometric tag
 * says "CMYK" or "CIELab", libvips tags the image so, and sharp converts it to sRGB with colour
 * management (for CMYK through the document's own ICC profile when it has one, else through sharp's
 * built-in CMYK profile).
 */

export interface SeparatedImage {
  width: number;
  height: number;
  /** 'cmyk': ink amounts, 0 = no ink (TIFF's convention). 'lab': CIELab, L unsigned, a/b signed. */
  space: 'cmyk' | 'lab';
  /** Interleaved samples; 16-bit Lab holds a and b as two's complement in the 16 bits. */
  data: Uint8Array | Uint16Array;
  icc?: Buffer;
}

const SHORT = 3;
const LONG = 4;
const UNDEFINED = 7;
const PHOTOMETRIC = { cmyk: 5, lab: 8 };
const SAMPLES = { cmyk: 4, lab: 3 };

export function separatedTiff(image: SeparatedImage): Buffer {
  const { width, height, data, icc, space } = image;
  const bits = data instanceof Uint16Array ? 16 : 8;
  const samples = SAMPLES[space];
  const entries: [tag: number, type: number, count: number, value: number | Buffer][] = [
    [256, LONG, 1, width],
    [257, LONG, 1, height],
    [258, SHORT, samples, shorts(new Array(samples).fill(bits))],
    [259, SHORT, 1, 1], // no compression
    [262, SHORT, 1, PHOTOMETRIC[space]],
    [273, LONG, 1, 0], // strip offset, filled in below
    [277, SHORT, 1, samples],
    [278, LONG, 1, height], // one strip
    [279, LONG, 1, data.byteLength],
    [284, SHORT, 1, 1], // interleaved
  ];
  if (space === 'cmyk') entries.push([332, SHORT, 1, 1]); // ink set: CMYK
  if (icc) entries.push([34675, UNDEFINED, icc.length, icc]);

  const ifdAt = 8;
  const ifdSize = 2 + entries.length * 12 + 4;
  // Values over 4 bytes follow the directory, each at an even offset; then the pixels.
  let extraAt = ifdAt + ifdSize;
  const extras: [number, Buffer][] = [];
  for (const entry of entries) {
    if (Buffer.isBuffer(entry[3])) {
      extras.push([extraAt, entry[3]]);
      extraAt += entry[3].length + (entry[3].length & 1);
    }
  }
  const pixelsAt = extraAt;
  const out = Buffer.alloc(pixelsAt + data.byteLength);
  out.write('II', 0, 'latin1');
  out.writeUInt16LE(42, 2);
  out.writeUInt32LE(ifdAt, 4);
  out.writeUInt16LE(entries.length, ifdAt);
  let at = ifdAt + 2;
  let extra = 0;
  for (const [tag, type, count, value] of entries) {
    out.writeUInt16LE(tag, at);
    out.writeUInt16LE(type, at + 2);
    out.writeUInt32LE(count, at + 4);
    if (Buffer.isBuffer(value)) out.writeUInt32LE(extras[extra++][0], at + 8);
    else if (tag === 273) out.writeUInt32LE(pixelsAt, at + 8);
    else if (type === SHORT) out.writeUInt16LE(value, at + 8);
    else out.writeUInt32LE(value, at + 8);
    at += 12;
  }
  out.writeUInt32LE(0, at); // no next directory
  for (const [offset, bytes] of extras) bytes.copy(out, offset);
  if (bits === 8) out.set(data as Uint8Array, pixelsAt);
  else {
    const samples16 = data as Uint16Array;
    for (let i = 0, o = pixelsAt; i < samples16.length; i++, o += 2) out.writeUInt16LE(samples16[i], o);
  }
  return out;
}

function shorts(values: number[]): Buffer {
  const buf = Buffer.alloc(values.length * 2);
  for (const [i, v] of values.entries()) buf.writeUInt16LE(v, i * 2);
  return buf;
}
