/**
 * Just enough of ISO BMFF (MP4/MOV) to forge hostile files from valid ones: walk the box tree,
 * rebuild it with one kind of box replaced, and patch durations in place.
 */

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'dinf', 'stbl', 'edts']);

interface Box {
  type: string;
  start: number;
  headerSize: number;
  end: number;
}

function boxesIn(buf: Buffer, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  for (let at = start; at + 8 <= end; ) {
    let size = buf.readUInt32BE(at);
    let headerSize = 8;
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(at + 8));
      headerSize = 16;
    } else if (size === 0) size = end - at;
    boxes.push({ type: buf.toString('latin1', at + 4, at + 8), start: at, headerSize, end: at + size });
    at += size;
  }
  return boxes;
}

export function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(body.length + 8);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/**
 * The file with every box of `type` (at any depth inside the containers) replaced by what
 * `replace` returns for its body. Parents get their new sizes. Only boxes after `mdat` may grow,
 * or chunk offsets would point at the wrong bytes: callers use files with the index at the end.
 */
export function replaceBoxes(file: Buffer, type: string, replace: (body: Buffer) => Buffer): Buffer {
  const rebuild = (start: number, end: number): Buffer =>
    Buffer.concat(
      boxesIn(file, start, end).map((b) => {
        if (b.type === type) return box(type, replace(file.subarray(b.start + b.headerSize, b.end)));
        if (CONTAINERS.has(b.type)) return box(b.type, rebuild(b.start + b.headerSize, b.end));
        return file.subarray(b.start, b.end);
      }),
    );
  return rebuild(0, file.length);
}

/**
 * A `dref` whose single entry is an external data reference: the samples live "in" `location`
 * (a path or URL), not in this file. `url ` entries with flag 0 (not self-contained) carry it as a
 * C string; `alis` entries are Apple aliases, which ffmpeg's mov demuxer parses for a path.
 */
export function externalDref(location: string, kind: 'url ' | 'alis' = 'url '): Buffer {
  const fullBoxHeader = Buffer.alloc(4); // version 0, flags 0: not in this file
  const entry =
    kind === 'url '
      ? box('url ', fullBoxHeader, Buffer.from(`${location}\0`, 'utf8'))
      : box('alis', fullBoxHeader, aliasRecord(location));
  const header = Buffer.alloc(8);
  header.writeUInt32BE(1, 4); // version/flags 0, one entry
  return Buffer.concat([header, entry]);
}

/** A minimal Mac alias record with an absolute-path extra (type 18), the field ffmpeg reads. */
function aliasRecord(path: string): Buffer {
  const fixed = Buffer.alloc(150);
  fixed.writeUInt16BE(0, 4); // record version 2 fields below
  fixed.writeUInt16BE(2, 6);
  const pathBytes = Buffer.from(path, 'utf8');
  const extra = Buffer.alloc(4 + pathBytes.length + (pathBytes.length % 2));
  extra.writeInt16BE(18, 0);
  extra.writeUInt16BE(pathBytes.length, 2);
  pathBytes.copy(extra, 4);
  const end = Buffer.from([0xff, 0xff, 0, 0]);
  const record = Buffer.concat([fixed, extra, end]);
  record.writeUInt16BE(record.length, 4);
  return record;
}

/** Every mvhd/mdhd/tkhd duration set to the largest value, at a timescale of 1: about 136 years. */
export function absurdDuration(file: Buffer): Buffer {
  const out = Buffer.from(file);
  const visit = (start: number, end: number) => {
    for (const b of boxesIn(out, start, end)) {
      const body = b.start + b.headerSize;
      if (CONTAINERS.has(b.type)) visit(body, b.end);
      else if ((b.type === 'mvhd' || b.type === 'mdhd') && out[body] === 0) {
        out.writeUInt32BE(1, body + 12); // timescale
        out.writeUInt32BE(0xfffffff0, body + 16); // duration
      } else if (b.type === 'tkhd' && out[body] === 0) {
        out.writeUInt32BE(0xfffffff0, body + 20);
      }
    }
  };
  visit(0, out.length);
  return out;
}

/** Matroska/WebM: the segment's Duration (EBML id 0x4489, an 8-byte float) set to ~31,000 years. */
export function absurdMatroskaDuration(file: Buffer): Buffer {
  const out = Buffer.from(file);
  const at = out.indexOf(Buffer.from([0x44, 0x89, 0x88]));
  if (at < 0) throw new Error('no 8-byte Duration element');
  out.writeDoubleBE(1e15, at + 3);
  return out;
}

/** Matroska/WebM: PixelWidth (0xB0) and PixelHeight (0xBA) of the first video track set to 65535. */
export function absurdMatroskaSize(file: Buffer): Buffer {
  const out = Buffer.from(file);
  const video = out.indexOf(Buffer.from([0xe0])); // Video master element
  for (const id of [0xb0, 0xba]) {
    const at = out.indexOf(Buffer.from([id, 0x82]), video); // 2-byte unsigned
    if (at < 0) throw new Error(`no 2-byte element ${id.toString(16)}`);
    out.writeUInt16BE(0xffff, at + 2);
  }
  return out;
}
