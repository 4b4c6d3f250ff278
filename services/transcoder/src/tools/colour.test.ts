import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_VIDEO_LIMITS } from '@mediakit/catalog';
import { ffprobe, type ProbeStream } from '@mediakit/ffmpeg';
import type { ToolHandler } from '@mediakit/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeCtx, ffmpeg, jobInput } from '../../test/composition-media.ts';
import { guardHandler } from '../guard.ts';
import { dynamicRange, sdrFilters } from './colour.ts';
import { compressVideo } from './compress-video.ts';
import { makeMp4Converter } from './convert-to-mp4.ts';
import { resizeVideo } from './resize-video.ts';
import { makeWebmHandler } from './webm.ts';

const run = promisify(execFile);

describe('the colour filter choice', () => {
  const pq = {
    color_transfer: 'smpte2084',
    color_primaries: 'bt2020',
    color_space: 'bt2020nc',
    height: 2160,
  };
  it('tone-maps PQ and HLG, and nothing else', () => {
    expect(dynamicRange(pq)).toBe('pq');
    expect(dynamicRange({ color_transfer: 'arib-std-b67' })).toBe('hlg');
    // 10-bit alone is not HDR: a 10-bit H.264 in BT.709 is SDR.
    expect(dynamicRange({ color_transfer: 'bt709' })).toBe('sdr');
    expect(sdrFilters(pq)[0]).toBe(
      'zscale=tin=smpte2084:pin=bt2020:min=bt2020nc:rin=limited:t=linear:npl=100',
    );
    expect(sdrFilters(pq)).toContain('tonemap=hable:desat=0');
    expect(sdrFilters({ color_transfer: 'arib-std-b67', height: 1080 })[0]).toMatch(
      /^zscale=tin=arib-std-b67:/,
    );
  });

  it('converts BT.601 standard definition to BT.709 and leaves BT.709 alone', () => {
    const stream = (s: Partial<ProbeStream>) => ({ ...s });
    expect(sdrFilters(stream({ color_space: 'bt709', height: 480 }))).toEqual([]);
    expect(sdrFilters(stream({ height: 1080 }))).toEqual([]);
    expect(sdrFilters(stream({ color_space: 'smpte170m', height: 480 }))).toEqual([
      'scale=in_color_matrix=bt601:out_color_matrix=bt709',
    ]);
    expect(sdrFilters(stream({ height: 240 }))).toEqual([
      'scale=in_color_matrix=bt601:out_color_matrix=bt709',
    ]);
    expect(sdrFilters(undefined)).toEqual([]);
  });
});

// Real clips as phones and YouTube make them: x265 Main10 HDR10 with mastering metadata, HLG,
// a VP9 profile 2 PQ WebM, and a 10-bit H.264 that is SDR. 1 s at 320×240 (HD would be slower).
const MASTERING =
  'master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,1):max-cll=1000,400';
const toHdr = (trc: string) =>
  'format=yuv420p,setparams=color_primaries=bt709:color_trc=bt709:colorspace=bt709:range=tv,' +
  `zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt2020:t=${trc}:m=bt2020nc:r=tv:npl=203,format=yuv420p10le`;
const tags = (trc: string) => ['-color_primaries', 'bt2020', '-color_trc', trc, '-colorspace', 'bt2020nc'];
const SOURCE = ['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=1'];
const x265 = (trc: string, extra = '') => [
  '-c:v',
  'libx265',
  '-preset',
  'ultrafast',
  '-x265-params',
  `log-level=error:colorprim=bt2020:transfer=${trc}:colormatrix=bt2020nc${extra}`,
  ...tags(trc),
];

/** The independent reference: ffmpeg's own zscale + tonemap, run here, not through our code. */
const REFERENCE_TONEMAP =
  'zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,tonemap=hable:desat=0,zscale=t=bt709:m=bt709:r=tv,format=yuv420p';

let dir: string;
const p = (name: string) => join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-colour-'));
  await Promise.all([
    ffmpeg(
      ...SOURCE,
      '-vf',
      toHdr('smpte2084'),
      ...x265('smpte2084', `:hdr10=1:${MASTERING}`),
      p('hdr10.mp4'),
    ),
    ffmpeg(...SOURCE, '-vf', toHdr('arib-std-b67'), ...x265('arib-std-b67'), p('hlg.mp4')),
    ffmpeg(
      ...SOURCE,
      '-vf',
      toHdr('smpte2084'),
      ...['-c:v', 'libvpx-vp9', '-profile:v', '2', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '400k'],
      ...tags('smpte2084'),
      p('hdr10-vp9.webm'),
    ),
    ffmpeg(
      ...SOURCE,
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p10le'],
      ...['-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709'],
      p('sdr-10bit.mp4'),
    ),
  ]);
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The first frame of `path` at 320×240 as RGB, after the given filters (none: as a player decodes it). */
async function firstFrame(path: string, filters?: string): Promise<Buffer> {
  const { stdout } = await run(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-i', path, '-frames:v', '1'],
      ...(filters ? ['-vf', filters] : []),
      ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    ],
    { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
  );
  return stdout;
}

/** Mean absolute difference per channel, 0..255. */
function meanDifference(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}

async function runGuarded<P>(handler: ToolHandler<P>, file: string, tool: string, params: P) {
  const input = await jobInput(p(file), file);
  const { ctx } = await fakeCtx(dir, tool, [input], params);
  const [output] = await guardHandler(handler, DEFAULT_VIDEO_LIMITS)(ctx);
  if (!output) throw new Error('no output');
  const probe = await ffprobe(output.path);
  const video = probe.streams.find((s) => s.codec_type === 'video') as ProbeStream;
  return { path: output.path, video, note: output.note };
}

describe('HDR sources into SDR H.264', () => {
  it.each([
    ['hdr10.mp4', 'compress-video', { level: 'medium' }, compressVideo],
    ['hlg.mp4', 'resize-video', { width: 320, height: 240, fit: 'fill' }, resizeVideo],
    ['hdr10-vp9.webm', 'webm-to-mp4', {}, makeMp4Converter('Converting WebM to MP4')],
  ] as const)(
    'tone-maps %s in %s and tags the output BT.709',
    async (file, tool, params, handler) => {
      const out = await runGuarded(handler as ToolHandler<unknown>, file, tool, params);
      expect(out.video).toMatchObject({
        codec_name: 'h264',
        pix_fmt: 'yuv420p',
        color_transfer: 'bt709',
        color_primaries: 'bt709',
        color_space: 'bt709',
      });
      expect(out.note).toMatch(
        /^The video is (HDR10 \(PQ\)|HLG) HDR; it was tone-mapped to standard dynamic range/,
      );
      const reference = await firstFrame(p(file), REFERENCE_TONEMAP);
      const got = await firstFrame(out.path);
      const flat = await firstFrame(p(file), 'format=yuv420p');
      const toReference = meanDifference(got, reference);
      expect(toReference).toBeLessThan(6);
      // Without tone-mapping the picture is the washed-out one: far from the reference.
      expect(meanDifference(flat, reference)).toBeGreaterThan(toReference + 15);
    },
    60_000,
  );

  it('tone-maps HDR10 into a VP9 WebM as it does for the MP4 outputs', async () => {
    const out = await runGuarded(makeWebmHandler('Converting to WebM'), 'hdr10.mp4', 'video-to-webm', {});
    expect(out.video).toMatchObject({ codec_name: 'vp9', pix_fmt: 'yuv420p', color_transfer: 'bt709' });
    expect(out.note).toMatch(/^The video is HDR10 \(PQ\) HDR; it was tone-mapped/);
    const reference = await firstFrame(p('hdr10.mp4'), REFERENCE_TONEMAP);
    expect(meanDifference(await firstFrame(out.path), reference)).toBeLessThan(6);
  }, 60_000);

  it('leaves a 10-bit SDR H.264 untouched by tone-mapping', async () => {
    const out = await runGuarded(compressVideo, 'sdr-10bit.mp4', 'compress-video', { level: 'medium' });
    expect(out.video).toMatchObject({ pix_fmt: 'yuv420p', color_transfer: 'bt709' });
    expect(out.note).toBeUndefined();
    const asDecoded = await firstFrame(p('sdr-10bit.mp4'));
    expect(meanDifference(await firstFrame(out.path), asDecoded)).toBeLessThan(6);
  }, 60_000);

  it('keeps HDR10 HEVC as HDR when converting to MP4 copies it', async () => {
    const out = await runGuarded(makeMp4Converter(), 'hdr10.mp4', 'mov-to-mp4', {});
    expect(out.video).toMatchObject({
      codec_name: 'hevc',
      pix_fmt: 'yuv420p10le',
      color_transfer: 'smpte2084',
      color_primaries: 'bt2020',
    });
    expect(out.note).toMatch(/was kept in HDR/);
  }, 60_000);
});
