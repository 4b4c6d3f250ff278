/**
 * HEIF image sequences (ISO/IEC 23008-12 §7; brands msf1, hevs, avis): an animation stored as a
 * track in a `moov` box, like a video, next to (or instead of) a still primary image in `meta`.
 * avifenc writes animated AVIF so, libheif's heif-enc writes HEVC sequences so. This reads the
 * sequence track's codec, frame size and frame count from the sample tables, without decoding.
 *
 * Hostile input is expected: every read is bounds-checked and anything implausible gives undefined.
 */
import { open } from 'node:fs/promises';
import { type Box, boxes, childBox as child } from './iso-boxes.ts';

export interface HeifSequence {
  codec: 'av1' | 'hevc';
  /** Coded frame size (the visual sample entry's). */
  width: number;
  height: number;
  /** Samples in the track: one per frame. */
  frames: number;
}

/** ftyp brands that announce an image sequence. */
export const SEQUENCE_BRANDS: readonly string[] = ['avis', 'msf1', 'hevs', 'hevc'];
/** Major brands of HEIF stills, which may list a sequence brand as compatible. */
const STILL_BRANDS: readonly string[] = ['avif', 'mif1', 'heic', 'heix'];

/**
 * Whether `ftyp` announces an image sequence: a sequence brand as the major brand, or as a compatible
 * brand of a HEIF still. An MP4 video listing such a brand among others is still a video.
 */
export function announcesSequence(brands: readonly string[]): boolean {
  const [major] = brands;
  if (major === undefined) return false;
  if (SEQUENCE_BRANDS.includes(major)) return true;
  return STILL_BRANDS.includes(major) && brands.some((brand) => SEQUENCE_BRANDS.includes(brand));
}

function path(buf: Buffer, parent: Box, ...types: string[]): Box | undefined {
  let box: Box | undefined = parent;
  for (const type of types) {
    if (!box) return undefined;
    box = child(buf, box, type);
  }
  return box;
}

const CODECS: Readonly<Record<string, HeifSequence['codec']>> = { av01: 'av1', hvc1: 'hevc', hev1: 'hevc' };

/** The first picture or video track of a `moov` box that holds AV1 or HEVC; undefined otherwise. */
export function parseSequence(moov: Buffer): HeifSequence | undefined {
  try {
    const root: Box = { type: 'moov', start: moov.readUInt32BE(0) === 1 ? 16 : 8, end: moov.length };
    for (const trak of boxes(moov, root.start, root.end)) {
      if (trak.type !== 'trak') continue;
      const hdlr = path(moov, trak, 'mdia', 'hdlr');
      // FullBox header (4), pre_defined (4), then the handler type.
      if (!hdlr || hdlr.start + 12 > hdlr.end) continue;
      const handler = moov.toString('latin1', hdlr.start + 8, hdlr.start + 12);
      // An alpha or depth plane is an `auxv` track: not the picture.
      if (handler !== 'pict' && handler !== 'vide') continue;
      const stbl = path(moov, trak, 'mdia', 'minf', 'stbl');
      const stsd = stbl && child(moov, stbl, 'stsd');
      const stsz = stbl && child(moov, stbl, 'stsz');
      if (!stsd || !stsz || stsz.start + 12 > stsz.end) continue;
      // stsd: FullBox (4), entry_count (4), then the first sample entry as a box.
      const entry = boxes(moov, stsd.start + 8, stsd.end).next().value;
      const codec = entry && CODECS[entry.type];
      // VisualSampleEntry: 8 bytes of SampleEntry, 16 of pre-defined/reserved, then width, height.
      if (!entry || !codec || entry.start + 28 > entry.end) continue;
      const width = moov.readUInt16BE(entry.start + 24);
      const height = moov.readUInt16BE(entry.start + 26);
      const frames = moov.readUInt32BE(stsz.start + 8);
      if (width < 1 || height < 1 || frames < 1) continue;
      return { codec, width, height, frames };
    }
  } catch {
    // A box that lies about its size: not a sequence we can describe.
  }
  return undefined;
}

/** `moov` boxes larger than this are not headers we are willing to hold in memory. */
const MAX_MOOV_BYTES = 16 * 1024 * 1024;

/** The brands of an ISO-BMFF file's `ftyp` (major first), or [] when it does not start with one. */
export function ftypBrands(head: Buffer): string[] {
  if (head.length < 16 || head.toString('latin1', 4, 8) !== 'ftyp') return [];
  const size = Math.min(head.readUInt32BE(0), head.length);
  const brands = [head.toString('latin1', 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(head.toString('latin1', at, at + 4));
  return brands;
}

/**
 * The image sequence of a HEIF file: undefined unless its `ftyp` names a sequence brand and a `moov`
 * box holds an AV1 or HEVC picture track. Top-level boxes are walked by their headers; only `moov`
 * is read whole.
 */
export async function readHeifSequence(filePath: string): Promise<HeifSequence | undefined> {
  const handle = await open(filePath, 'r');
  try {
    const { size: fileSize } = await handle.stat();
    const head = Buffer.alloc(256);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const brands = ftypBrands(head.subarray(0, bytesRead));
    if (!announcesSequence(brands)) return undefined;
    const box = Buffer.alloc(16);
    for (let at = 0, n = 0; at + 8 <= fileSize && n < 64; n++) {
      const { bytesRead: got } = await handle.read(box, 0, 16, at);
      if (got < 8) return undefined;
      let size = box.readUInt32BE(0);
      const type = box.toString('latin1', 4, 8);
      if (size === 1 && got === 16) size = Number(box.readBigUInt64BE(8));
      else if (size === 0) size = fileSize - at;
      if (size < 8 || at + size > fileSize) return undefined;
      if (type === 'moov') {
        if (size > MAX_MOOV_BYTES) return undefined;
        const moov = Buffer.alloc(size);
        await handle.read(moov, 0, size, at);
        return parseSequence(moov);
      }
      at += size;
    }
    return undefined;
  } finally {
    await handle.close();
  }
}
