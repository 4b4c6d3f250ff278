/**
 * A hand-made AVI: one MJPEG video stream (JPEG frames made by sharp) and, optionally, a `txts`
 * subtitle stream carrying a GAB2 packet. GAB2 is DivX's way to embed a whole subtitle *file* in
 * an AVI; ffmpeg probes that embedded file and opens it with a nested demuxer. Old ffmpeg let the
 * nested demuxer be HLS, so a "subtitle" playlist made ffmpeg read local files or URLs into the
 * output (the 2017 AVI/GAB2 + HLS exfiltration). The corpus puts a playlist there.
 */

const fourcc = (s: string) => Buffer.from(s, 'latin1');
const u32 = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(v >>> 0);
  return b;
};
const u16 = (v: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(v & 0xffff);
  return b;
};

function chunk(id: string, data: Buffer): Buffer {
  const pad = data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0);
  return Buffer.concat([fourcc(id), u32(data.length), data, pad]);
}
const list = (type: string, ...children: Buffer[]) =>
  chunk('LIST', Buffer.concat([fourcc(type), ...children]));

function streamHeader(
  type: string,
  handler: string,
  rate: number,
  length: number,
  width: number,
  height: number,
) {
  return chunk(
    'strh',
    Buffer.concat([
      fourcc(type),
      handler ? fourcc(handler) : u32(0),
      u32(0), // flags
      u16(0), // priority
      u16(0), // language
      u32(0), // initial frames
      u32(1), // scale
      u32(rate), // rate: rate/scale per second
      u32(0), // start
      u32(length),
      u32(0), // suggested buffer size
      u32(0xffffffff), // quality
      u32(0), // sample size
      u16(0),
      u16(0),
      u16(width),
      u16(height),
    ]),
  );
}

/** The GAB2 packet: "GAB2\0", version 2, a UTF-16 title, then the embedded subtitle file. */
export function gab2Packet(title: string, file: string): Buffer {
  const name = Buffer.from(`${title}\0`, 'utf16le');
  const data = Buffer.from(file, 'utf8');
  return Buffer.concat([
    Buffer.from('GAB2\0', 'latin1'),
    u16(2),
    u32(name.length),
    name,
    u16(4),
    u32(data.length),
    data,
  ]);
}

export interface AviOptions {
  frames: Buffer[];
  width: number;
  height: number;
  /** What avih/strh/strf claim instead of the real size. */
  claimedSize?: { width: number; height: number };
  /** A txts stream with this GAB2 packet. */
  gab2?: Buffer;
}

export function mjpegAvi(options: AviOptions): Buffer {
  const { frames } = options;
  const claimed = options.claimedSize ?? { width: options.width, height: options.height };
  const streams = options.gab2 ? 2 : 1;
  const avih = chunk(
    'avih',
    Buffer.concat([
      u32(40_000), // µs per frame: 25 fps
      u32(0),
      u32(0),
      u32(0x10), // AVIF_HASINDEX
      u32(frames.length),
      u32(0),
      u32(streams),
      u32(0),
      u32(claimed.width),
      u32(claimed.height),
      Buffer.alloc(16),
    ]),
  );
  const bitmapInfo = Buffer.concat([
    u32(40),
    u32(claimed.width),
    u32(claimed.height),
    u16(1),
    u16(24),
    fourcc('MJPG'),
    u32(claimed.width * claimed.height * 3),
    u32(0),
    u32(0),
    u32(0),
    u32(0),
  ]);
  const strls = [
    list(
      'strl',
      streamHeader('vids', 'MJPG', 25, frames.length, claimed.width, claimed.height),
      chunk('strf', bitmapInfo),
    ),
  ];
  if (options.gab2)
    strls.push(list('strl', streamHeader('txts', '', 1, 1, 0, 0), chunk('strf', Buffer.alloc(4))));
  const hdrl = list('hdrl', avih, ...strls);

  const movieChunks: Buffer[] = [];
  const index: Buffer[] = [];
  let offset = 4; // idx1 offsets count from the 'movi' fourcc
  const add = (id: string, data: Buffer) => {
    const c = chunk(id, data);
    index.push(Buffer.concat([fourcc(id), u32(0x10), u32(offset), u32(data.length)]));
    movieChunks.push(c);
    offset += c.length;
  };
  if (options.gab2) add('01tx', options.gab2);
  for (const frame of frames) add('00dc', frame);
  const movi = list('movi', ...movieChunks);
  const idx1 = chunk('idx1', Buffer.concat(index));
  const body = Buffer.concat([fourcc('AVI '), hdrl, movi, idx1]);
  return Buffer.concat([fourcc('RIFF'), u32(body.length), body]);
}
