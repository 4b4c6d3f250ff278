import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobFailure } from '@mediakit/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeCtx, jobInput, makeClip, makeImage, near, pixelAt } from '../../test/composition-media.ts';
import {
  type AddLogoParams,
  addLogoOrWatermarkToVideo,
  buildAddLogoArgs,
  logoBox,
  logoPlacement,
} from './add-logo-or-watermark-to-video.ts';
import { SDR_BT709_TAGS as SDR_TAGS } from './colour.ts';

// Tagged BT.709 SDR (colour.ts), then the base video's frame times are kept (keepTimingArgs).
const ENCODE = [
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', ...SDR_TAGS],
  ...['-fps_mode:v', 'vfr', '-enc_time_base:v', '-1'],
];
const AAC = ['-c:a', 'aac', '-b:a', '160k'];
const FASTSTART = ['-movflags', '+faststart'];
const EVEN = 'crop=trunc(iw/2)*2:trunc(ih/2)*2';

describe('logoPlacement', () => {
  it('puts the logo in each corner at the margin, or in the centre', () => {
    expect(logoPlacement('top-left', 20)).toEqual({ x: '20', y: '20' });
    expect(logoPlacement('top-right', 20)).toEqual({ x: 'W-w-20', y: '20' });
    expect(logoPlacement('bottom-left', 0)).toEqual({ x: '0', y: 'H-h-0' });
    expect(logoPlacement('bottom-right', 12)).toEqual({ x: 'W-w-12', y: 'H-h-12' });
    expect(logoPlacement('center', 50)).toEqual({ x: '(W-w)/2', y: '(H-h)/2' });
  });
});

describe('logoBox', () => {
  it('is scale % of the video width, never taller than the video', () => {
    expect(logoBox(1920, 1080, 15)).toEqual({ width: 288, height: 1080 });
    expect(logoBox(320, 240, 5)).toEqual({ width: 16, height: 240 });
    expect(logoBox(10, 10, 5)).toEqual({ width: 1, height: 10 });
  });
});

describe('buildAddLogoArgs', () => {
  it('scales the logo into its box, applies opacity and places it', () => {
    expect(
      buildAddLogoArgs({
        video: '/in/0.mov',
        logo: '/in/1.png',
        output: '/out/w.mp4',
        logoWidth: 288,
        logoHeight: 1080,
        position: 'bottom-right',
        opacity: 80,
        margin: 20,
        hasAudio: true,
      }),
    ).toEqual([
      '-i',
      '/in/0.mov',
      '-i',
      '/in/1.png',
      '-filter_complex',
      `[1:v:0]trim=end_frame=1,format=rgba,scale=288:1080:force_original_aspect_ratio=decrease,colorchannelmixer=aa=0.8[logo];[0:v:0][logo]overlay=x=W-w-20:y=H-h-20,${EVEN}[v]`,
      '-map',
      '[v]',
      '-map',
      '0:a:0?',
      ...ENCODE,
      ...AAC,
      ...FASTSTART,
      '/out/w.mp4',
    ]);
  });
});

describe('addLogoOrWatermarkToVideo handler', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mk-logo-'));
    await Promise.all([
      makeClip(join(dir, 'clip.mp4'), { seconds: 1, source: 'color=c=0x0000FF', audio: false }),
      makeImage(join(dir, 'logo.png'), { size: '50x25', color: '0xFFFF00' }),
    ]);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('puts a logo 20 % of the width wide in the top-left corner at the margin', async () => {
    const inputs = [
      await jobInput(join(dir, 'clip.mp4'), 'clip.mp4'),
      await jobInput(join(dir, 'logo.png'), 'logo.png'),
    ];
    const { ctx } = await fakeCtx<AddLogoParams>(dir, 'add-logo-or-watermark-to-video', inputs, {
      position: 'top-left',
      scale: 20,
      opacity: 100,
      margin: 10,
    });
    const [out] = await addLogoOrWatermarkToVideo(ctx);
    expect(out.name).toBe('clip-watermarked.mp4');
    const YELLOW = [255, 255, 0];
    const BLUE = [0, 0, 255];
    // 64×32 at (10, 10): x 10..73, y 10..41.
    expect(near(await pixelAt(out.path, 0.5, 12, 12), YELLOW)).toBe(true);
    expect(near(await pixelAt(out.path, 0.5, 70, 38), YELLOW)).toBe(true);
    expect(near(await pixelAt(out.path, 0.5, 5, 5), BLUE)).toBe(true);
    expect(near(await pixelAt(out.path, 0.5, 78, 20), BLUE)).toBe(true);
    expect(near(await pixelAt(out.path, 0.5, 20, 46), BLUE)).toBe(true);
  });

  it('fails clearly when the video’s size is unknown', async () => {
    const video = { ...(await jobInput(join(dir, 'clip.mp4'), 'clip.mp4')), width: undefined };
    const logo = await jobInput(join(dir, 'logo.png'), 'logo.png');
    const { ctx } = await fakeCtx(dir, 'add-logo-or-watermark-to-video', [video, logo], {});
    await expect(addLogoOrWatermarkToVideo(ctx)).rejects.toThrow(JobFailure);
  });
});
