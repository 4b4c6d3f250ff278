/**
 * HEIF container headers (ISO/IEC 23008-12 on the ISO base media file format): what the primary
 * image is coded with, its displayed size and its colour information, read from the `meta` box
 * without decoding a pixel.
 *
 * The `ftyp` brands alone cannot tell HEIC from AVIF: both may carry the generic brand "mif1", and
 * cameras write files whose brands promise more or less than they hold. The primary item's type
 * settles it: `hvc1` (or a `grid` of `hvc1` tiles, as iPhones write) is HEIC, `av01` is AVIF.
 *
 * Hostile input is expected: every read is bounds-checked and anything implausible gives undefined.
 */
import { open } from 'node:fs/promises';
import type { Size } from './image-headers.ts';
import { type Box, boxes, childBox as child } from './iso-boxes.ts';

export interface HeifColour {
  /** An embedded ICC profile (`colr` of type `prof` or `rICC`). */
  icc?: Buffer;
  /** Coded colour description (`colr` of type `nclx`), ITU-T H.273 code points. */
  nclx?: { primaries: number; transfer: number; matrix: number; fullRange: boolean };
}

export interface HeifInfo extends HeifColour {
  /** Major brand first, then the compatible brands. */
  brands: string[];
  /** The primary item's type (`hvc1`, `av01`, `grid`, `jpeg`...). */
  primaryType?: string;
  /** How the primary image's pixels are coded: a grid or identity item is coded like its first input. */
  codec?: 'hevc' | 'av1' | 'other';
  /** As displayed: after the clean aperture (`clap`) and rotation (`irot`) are applied. */
  width?: number;
  height?: number;
  /** Counter-clockwise quarter turns (`irot`) and mirroring (`imir`) the reader must apply. */
  rotation?: 0 | 90 | 180 | 270;
  mirror?: 'horizontal' | 'vertical';
}

/** A cursor over one box's content that refuses to read past it. */
class Reader {
  private readonly buf: Buffer;
  at: number;
  private readonly end: number;
  constructor(buf: Buffer, box: { start: number; end: number }) {
    this.buf = buf;
    this.at = box.start;
    this.end = box.end;
  }
  private need(n: number): number {
    if (this.at + n > this.end) throw new RangeError('box too short');
    const at = this.at;
    this.at += n;
    return at;
  }
  u8(): number {
    return this.buf.readUInt8(this.need(1));
  }
  u16(): number {
    return this.buf.readUInt16BE(this.need(2));
  }
  u32(): number {
    return this.buf.readUInt32BE(this.need(4));
  }
  i32(): number {
    return this.buf.readInt32BE(this.need(4));
  }
  fourcc(): string {
    return this.buf.toString('latin1', this.need(4), this.at);
  }
  /** FullBox header: version (8 bits) and flags (24 bits). */
  full(): { version: number; flags: number } {
    const word = this.u32();
    return { version: word >>> 24, flags: word & 0xffffff };
  }
  rest(): Buffer {
    return this.buf.subarray(this.need(this.end - this.at), this.end);
  }
}

/** Parses `ftyp` and `meta` from the start of a HEIF file; undefined when it is not one. */
export function readHeif(buf: Buffer): HeifInfo | undefined {
  try {
    return parse(buf);
  } catch {
    // A truncated or lying box: not a HEIF we can describe.
    return undefined;
  }
}

function parse(buf: Buffer): HeifInfo | undefined {
  const top = [...boxes(buf, 0, buf.length)];
  const ftyp = top[0]?.type === 'ftyp' ? top[0] : undefined;
  if (!ftyp || ftyp.end - ftyp.start < 8) return undefined;
  const brands = [buf.toString('latin1', ftyp.start, ftyp.start + 4)];
  for (let at = ftyp.start + 8; at + 4 <= ftyp.end; at += 4) brands.push(buf.toString('latin1', at, at + 4));
  const info: HeifInfo = { brands };

  const meta = top.find((b) => b.type === 'meta');
  if (!meta) return info;
  // meta is a FullBox: its children start after 4 bytes of version and flags.
  const pitm = child(buf, meta, 'pitm', 4);
  if (!pitm) return info;
  const p = new Reader(buf, pitm);
  const primary = p.full().version === 0 ? p.u16() : p.u32();

  const types = itemTypes(buf, child(buf, meta, 'iinf', 4));
  const refs = references(buf, child(buf, meta, 'iref', 4));
  const props = properties(buf, child(buf, meta, 'iprp', 4));

  info.primaryType = types.get(primary);
  // A derived image (grid of tiles, identity transform) is coded like the images it is made of.
  let coded = info.primaryType;
  for (let id = primary, hops = 0; (coded === 'grid' || coded === 'iden') && hops < 4; hops++) {
    const first = refs.get(`dimg:${id}`)?.[0];
    if (first === undefined) break;
    id = first;
    coded = types.get(id);
  }
  info.codec = coded === 'hvc1' ? 'hevc' : coded === 'av01' ? 'av1' : 'other';

  const own = props.get(primary) ?? [];
  const size = sizeOf(own);
  if (size) {
    info.width = size.width;
    info.height = size.height;
  }
  const turn = own.find((q) => q.type === 'irot');
  if (turn?.angle) info.rotation = turn.angle;
  const mirror = own.find((q) => q.type === 'imir');
  if (mirror) info.mirror = mirror.axis;

  // Colour: the primary's own `colr`, else the first tile's (some writers put it only there).
  const firstTile = refs.get(`dimg:${primary}`)?.[0];
  const colours = [...own, ...(firstTile === undefined ? [] : (props.get(firstTile) ?? []))];
  const icc = colours.find((q) => q.type === 'colr' && q.icc);
  const nclx = colours.find((q) => q.type === 'colr' && q.nclx);
  if (icc?.type === 'colr') info.icc = icc.icc;
  if (nclx?.type === 'colr') info.nclx = nclx.nclx;
  return info;
}

function itemTypes(buf: Buffer, iinf: Box | undefined): Map<number, string> {
  const types = new Map<number, string>();
  if (!iinf) return types;
  const r = new Reader(buf, iinf);
  const { version } = r.full();
  if (version === 0) r.u16();
  else r.u32();
  for (const infe of boxes(buf, r.at, iinf.end)) {
    if (infe.type !== 'infe') continue;
    const e = new Reader(buf, infe);
    const v = e.full().version;
    // Versions 0 and 1 predate item types (they describe MPEG-7 style items); nothing to learn.
    if (v < 2) continue;
    const id = v === 2 ? e.u16() : e.u32();
    e.u16(); // item_protection_index
    types.set(id, e.fourcc());
  }
  return types;
}

/** `iref`: "dimg:<from>" → [to...], and the same for every reference type. */
function references(buf: Buffer, iref: Box | undefined): Map<string, number[]> {
  const refs = new Map<string, number[]>();
  if (!iref) return refs;
  const r = new Reader(buf, iref);
  const wide = r.full().version !== 0;
  for (const ref of boxes(buf, r.at, iref.end)) {
    const e = new Reader(buf, ref);
    const from = wide ? e.u32() : e.u16();
    const count = e.u16();
    const to: number[] = [];
    for (let i = 0; i < count; i++) to.push(wide ? e.u32() : e.u16());
    refs.set(`${ref.type}:${from}`, to);
  }
  return refs;
}

type Property =
  | { type: 'ispe'; width: number; height: number }
  | { type: 'irot'; angle: 0 | 90 | 180 | 270 }
  | { type: 'imir'; axis: 'horizontal' | 'vertical' }
  | { type: 'clap'; width: number; height: number }
  | ({ type: 'colr' } & HeifColour)
  | { type: 'other' };

/** Item id → its properties, in the order `ipma` lists them (the order transforms apply in). */
function properties(buf: Buffer, iprp: Box | undefined): Map<number, Property[]> {
  const byItem = new Map<number, Property[]>();
  if (!iprp) return byItem;
  const ipco = child(buf, iprp, 'ipco');
  const ipma = child(buf, iprp, 'ipma');
  if (!ipco || !ipma) return byItem;
  const all = [...boxes(buf, ipco.start, ipco.end)].map((box) => property(buf, box));

  const r = new Reader(buf, ipma);
  const { version, flags } = r.full();
  const entries = r.u32();
  for (let i = 0; i < entries; i++) {
    const id = version < 1 ? r.u16() : r.u32();
    const count = r.u8();
    const list: Property[] = [];
    for (let j = 0; j < count; j++) {
      // The top bit is "essential"; the rest is a 1-based index into ipco (0 = none).
      const index = flags & 1 ? r.u16() & 0x7fff : r.u8() & 0x7f;
      const prop = index > 0 ? all[index - 1] : undefined;
      if (prop) list.push(prop);
    }
    byItem.set(id, list);
  }
  return byItem;
}

function property(buf: Buffer, box: Box): Property {
  const r = new Reader(buf, box);
  try {
    switch (box.type) {
      case 'ispe': {
        r.full();
        return { type: 'ispe', width: r.u32(), height: r.u32() };
      }
      case 'irot':
        return { type: 'irot', angle: (((r.u8() & 3) * 90) % 360) as 0 | 90 | 180 | 270 };
      case 'imir':
        return { type: 'imir', axis: r.u8() & 1 ? 'horizontal' : 'vertical' };
      case 'clap': {
        const wN = r.u32();
        const wD = r.u32();
        const hN = r.u32();
        const hD = r.u32();
        if (!wD || !hD) return { type: 'other' };
        return { type: 'clap', width: Math.round(wN / wD), height: Math.round(hN / hD) };
      }
      case 'colr': {
        const kind = r.fourcc();
        if (kind === 'nclx') {
          const primaries = r.u16();
          const transfer = r.u16();
          const matrix = r.u16();
          return { type: 'colr', nclx: { primaries, transfer, matrix, fullRange: (r.u8() & 0x80) !== 0 } };
        }
        if (kind === 'prof' || kind === 'rICC') return { type: 'colr', icc: Buffer.from(r.rest()) };
        return { type: 'other' };
      }
      default:
        return { type: 'other' };
    }
  } catch {
    return { type: 'other' };
  }
}

/** Coded size (`ispe`), cropped by `clap`, then turned by `irot`: the size a viewer shows. */
function sizeOf(props: Property[]): Size | undefined {
  let size: Size | undefined;
  for (const prop of props) {
    if (prop.type === 'ispe') size = { width: prop.width, height: prop.height };
    else if (prop.type === 'clap' && size) size = { width: prop.width, height: prop.height };
    else if (prop.type === 'irot' && size && (prop.angle === 90 || prop.angle === 270)) {
      size = { width: size.height, height: size.width };
    }
  }
  if (!size || size.width < 1 || size.height < 1) return undefined;
  return size;
}

/** `meta` boxes larger than this are not headers we are willing to hold in memory. */
const MAX_META_BYTES = 16 * 1024 * 1024;

/**
 * Reads `ftyp` and `meta` from a file, wherever `meta` sits (some writers put `mdat` first), without
 * reading the coded image data.
 */
export async function readHeifFile(path: string): Promise<HeifInfo | undefined> {
  const handle = await open(path, 'r');
  try {
    const { size: fileSize } = await handle.stat();
    const kept: Buffer[] = [];
    const head = Buffer.alloc(16);
    for (let at = 0, n = 0; at + 8 <= fileSize && n < 64; n++) {
      const { bytesRead } = await handle.read(head, 0, 16, at);
      if (bytesRead < 8) break;
      let size = head.readUInt32BE(0);
      const type = head.toString('latin1', 4, 8);
      if (size === 1 && bytesRead === 16) size = Number(head.readBigUInt64BE(8));
      else if (size === 0) size = fileSize - at;
      if (size < 8 || at + size > fileSize) break;
      if (type === 'ftyp' || type === 'meta') {
        if (size > MAX_META_BYTES) return undefined;
        const box = Buffer.alloc(size);
        await handle.read(box, 0, size, at);
        kept.push(box);
        if (type === 'meta') break;
      } else if (n === 0) {
        return undefined; // HEIF starts with ftyp
      }
      at += size;
    }
    // ftyp then meta, laid end to end, is all `readHeif` needs.
    return readHeif(Buffer.concat(kept));
  } finally {
    await handle.close();
  }
}
