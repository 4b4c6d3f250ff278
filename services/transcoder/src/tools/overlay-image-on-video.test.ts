import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fakeCtx,
  jobInput,
  makeClip,
  makeImage,
  near,
  pixelAt,
  probeFile,
} from '../../test/composition-media.ts';
import { SDR_BT709_TAGS as SDR_TAGS } from './colour.ts';
import { buildOverlayImageArgs, enableBetween, overlayImageOnVideo } from './overlay-image-on-video.ts';

// Tagged BT.709 SDR (colour.ts), then the base video's frame times are kept (keepTimingArgs).
const ENCODE = [
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', ...SDR_TAGS],
  ...['-fps_mode:v', 'vfr', '-enc_time_base:v', '-1'],
];
const AAC = ['-c:a', 'aac', '-b:a', '160k'];
const FASTSTART = ['-movflags', '+faststart'];
const EVEN = 'crop=trunc(iw/2)*2:trunc(ih/2)*2';

describe('buildOverlayImageArgs', () => {
  const base = { video: '/in/0.mp4', image: '/in/1.png', output: '/out/o.mp4' };

  it('scales the image, applies opacity and the time window', () => {
    expect(
      buildOverlayImageArgs({
        ...base,
        x: 10,
        y: 20,
        width: 200,
        opacity: 40,
        start: 1.5,
        end: 4,
        hasAudio: true,
      }),
    ).toEqual([
      '-i',
      '/in/0.mp4',
      '-i',
      '/in/1.png',
      '-filter_complex',
      `[1:v:0]trim=end_frame=1,format=rgba,scale=200:-1,colorchannelmixer=aa=0.4[img];[0:v:0][img]overlay=x=10:y=20:enable='between(t,1.5,4)',${EVEN}[v]`,
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

  it('takes the base streams that hold data, and keeps the base video’s time base', () => {
    const args = buildOverlayImageArgs({
      ...base,
      x: 0,
      y: 0,
      opacity: 100,
      hasAudio: true,
      videoStream: '1',
      audioStream: '3',
      videoTimeBase: '1/1000',
    });
    expect(args[args.indexOf('-filter_complex') + 1]).toContain('[0:1][img]overlay');
    expect(args.join(' ')).toContain('-map 0:3 ');
    expect(args.join(' ')).toContain('-fps_mode:v vfr -enc_time_base:v 1/1000');
  });

  it('defaults: own size, opaque, whole clip; no audio for a silent video', () => {
    expect(buildOverlayImageArgs({ ...base, x: 0, y: 0, opacity: 100, hasAudio: false })).toEqual([
      '-i',
      '/in/0.mp4',
      '-i',
      '/in/1.png',
      '-filter_complex',
      `[1:v:0]trim=end_frame=1,format=rgba[img];[0:v:0][img]overlay=x=0:y=0,${EVEN}[v]`,
      '-map',
      '[v]',
      ...ENCODE,
      ...FASTSTART,
      '/out/o.mp4',
    ]);
  });

  it('enableBetween covers start only, end only, both and neither', () => {
    expect(enableBetween(undefined, undefined)).toBeUndefined();
    expect(enableBetween(0, undefined)).toBeUndefined();
    expect(enableBetween(2, undefined)).toBe("'gte(t,2)'");
    expect(enableBetween(undefined, 3)).toBe("'between(t,0,3)'");
    expect(enableBetween(0.1 + 0.2, 3)).toBe("'between(t,0.3,3)'");
  });
});

describe('overlayImageOnVideo handler', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mk-ovimg-'));
    await Promise.all([
      makeClip(join(dir, 'clip.mp4'), { seconds: 3, source: 'color=c=0x0000FF' }),
      makeImage(join(dir, 'green.png'), { size: '40x40', color: '0x00FF00' }),
      makeImage(join(dir, 'clear.png'), { size: '40x40', color: '0x00FF00@0.0' }),
    ]);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const run = async (image: string, params: Record<string, unknown>) => {
    const inputs = [
      await jobInput(join(dir, 'clip.mp4'), 'clip.mp4'),
      await jobInput(join(dir, image), image),
    ];
    const { ctx } = await fakeCtx(dir, 'overlay-image-on-video', inputs, params);
    const [out] = await overlayImageOnVideo(ctx);
    return out;
  };

  it('shows the image at x,y only between start and end, keeping size and audio', async () => {
    const out = await run('green.png', { x: 100, y: 50, opacity: 100, start: 1, end: 2 });
    expect(out.name).toBe('clip-overlaid.mp4');
    const info = await probeFile(out.path);
    expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 320, height: 240 });
    expect(info.streams.some((s) => s.codec_type === 'audio')).toBe(true);
    expect(Math.abs(info.duration - 3)).toBeLessThanOrEqual(0.1);
    const BLUE = [0, 0, 255];
    const GREEN = [0, 255, 0];
    expect(near(await pixelAt(out.path, 1.5, 120, 70), GREEN)).toBe(true);
    expect(near(await pixelAt(out.path, 1.5, 160, 70), BLUE)).toBe(true);
    expect(near(await pixelAt(out.path, 0.5, 120, 70), BLUE)).toBe(true);
    expect(near(await pixelAt(out.path, 2.5, 120, 70), BLUE)).toBe(true);
  });

  it('respects the image’s own transparency and the opacity param', async () => {
    const clear = await run('clear.png', { x: 100, y: 50, opacity: 100 });
    expect(near(await pixelAt(clear.path, 1, 120, 70), [0, 0, 255])).toBe(true);
    const half = await run('green.png', { x: 100, y: 50, opacity: 50, width: 80 });
    // Half green over blue; the 80 px wide image reaches x = 179.
    expect(near(await pixelAt(half.path, 1, 170, 120), [0, 128, 128], 45)).toBe(true);
    expect(near(await pixelAt(half.path, 1, 190, 120), [0, 0, 255])).toBe(true);
  });
});
