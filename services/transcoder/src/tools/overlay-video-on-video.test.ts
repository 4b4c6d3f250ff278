import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeCtx, jobInput, makeClip, near, pixelAt, probeFile } from '../../test/composition-media.ts';
import { SDR_BT709_TAGS as SDR_TAGS } from './colour.ts';
import { buildOverlayVideoArgs, overlayVideoOnVideo } from './overlay-video-on-video.ts';

// Tagged BT.709 SDR (colour.ts), then the base video's frame times are kept (keepTimingArgs).
const ENCODE = [
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', ...SDR_TAGS],
  ...['-fps_mode:v', 'vfr', '-enc_time_base:v', '-1'],
];
const AAC = ['-c:a', 'aac', '-b:a', '160k'];
const FASTSTART = ['-movflags', '+faststart'];
const EVEN = 'crop=trunc(iw/2)*2:trunc(ih/2)*2';

describe('buildOverlayVideoArgs', () => {
  const base = { base: '/in/0.mp4', overlay: '/in/1.webm', output: '/out/o.mp4' };

  it('scales and delays the overlay, passes the base through after it ends, keeps the base audio', () => {
    expect(buildOverlayVideoArgs({ ...base, x: 16, y: 8, width: 320, start: 2.5, hasAudio: true })).toEqual([
      '-i',
      '/in/0.mp4',
      '-i',
      '/in/1.webm',
      '-filter_complex',
      `[1:v:0]scale=320:-2,setpts=PTS-STARTPTS+2.5/TB[ov];[0:v:0][ov]overlay=x=16:y=8:eof_action=pass,${EVEN}[v]`,
      '-map',
      '[v]',
      '-map',
      '0:a:0?',
      ...ENCODE,
      ...AAC,
      ...FASTSTART,
      '/out/o.mp4',
    ]);
  });

  it('without width or start: own size from the first frame; never the overlay’s audio', () => {
    const args = buildOverlayVideoArgs({ ...base, x: 0, y: 0, start: 0, hasAudio: false });
    expect(args).toEqual([
      '-i',
      '/in/0.mp4',
      '-i',
      '/in/1.webm',
      '-filter_complex',
      `[1:v:0]setpts=PTS-STARTPTS[ov];[0:v:0][ov]overlay=x=0:y=0:eof_action=pass,${EVEN}[v]`,
      '-map',
      '[v]',
      ...ENCODE,
      ...FASTSTART,
      '/out/o.mp4',
    ]);
    expect(args.join(' ')).not.toContain('1:a');
  });
});

describe('overlayVideoOnVideo handler', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mk-ovvid-'));
    await Promise.all([
      makeClip(join(dir, 'base.mp4'), { seconds: 3, source: 'color=c=0x0000FF' }),
      makeClip(join(dir, 'red.mp4'), { seconds: 1, size: '100x100', source: 'color=c=0xFF0000' }),
    ]);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('shows the overlay from `start` for its own length, at the base’s size and duration', async () => {
    const inputs = [
      await jobInput(join(dir, 'base.mp4'), 'base.mp4'),
      await jobInput(join(dir, 'red.mp4'), 'red.mp4'),
    ];
    const { ctx } = await fakeCtx(dir, 'overlay-video-on-video', inputs, {
      x: 20,
      y: 30,
      width: 50,
      start: 1,
    });
    const [out] = await overlayVideoOnVideo(ctx);
    expect(out.name).toBe('base-overlaid.mp4');
    const info = await probeFile(out.path);
    expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 320, height: 240 });
    expect(info.streams.some((s) => s.codec_type === 'audio')).toBe(true);
    expect(Math.abs(info.duration - 3)).toBeLessThanOrEqual(0.1);
    const RED = [255, 0, 0];
    const BLUE = [0, 0, 255];
    expect(near(await pixelAt(out.path, 0.5, 40, 50), BLUE)).toBe(true);
    expect(near(await pixelAt(out.path, 1.5, 40, 50), RED)).toBe(true);
    // Scaled to 50 px wide: x 20..69.
    expect(near(await pixelAt(out.path, 1.5, 80, 50), BLUE)).toBe(true);
    // eof_action=pass: the overlay is gone after it ends, not frozen.
    expect(near(await pixelAt(out.path, 2.5, 40, 50), BLUE)).toBe(true);
  });
});
