/**
 * Boxes of the ISO base media file format (MP4, MOV, HEIF, AVIF): the one walker that heif.ts (still
 * images) and heif-sequence.ts (image sequences) share.
 */

export interface Box {
  type: string;
  /** Where the box's content starts (after size, type and any 64-bit size). */
  start: number;
  end: number;
}

/** The boxes in buf[from, to), skipping nothing; stops at the first malformed one. */
export function* boxes(buf: Buffer, from: number, to: number): Generator<Box> {
  let at = from;
  while (at + 8 <= to) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) return;
      const large = buf.readBigUInt64BE(at + 8);
      if (large > BigInt(to - at)) return;
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header || at + size > to) return;
    yield { type, start: at + header, end: at + size };
    at += size;
  }
}

/** The first box of `type` inside `parent`, after `skip` bytes of the parent's own fields. */
export function childBox(
  buf: Buffer,
  parent: { start: number; end: number },
  type: string,
  skip = 0,
): Box | undefined {
  for (const box of boxes(buf, parent.start + skip, parent.end)) if (box.type === type) return box;
  return undefined;
}
