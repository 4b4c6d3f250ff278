import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fakeCtx,
  ffmpeg,
  jobInput,
  makeImage,
  near,
  pixelAt,
  probeFile,
} from '../../test/composition-media.ts';
import { JPEG_TO_BT709_FILTER, SDR_BT709_TAGS as SDR_TAGS } from './colour.ts';
import {
  buildSlideArgs,
  buildSlideshowArgs,
  convertImageToVideo,
  type ImageToVideoParams,
  RESOLUTIONS,
  slideRate,
} from './convert-image-to-video.ts';

const ENCODE = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', ...SDR_TAGS];
const AAC = ['-c:a', 'aac', '-b:a', '160k'];
const FASTSTART = ['-movflags', '+faststart'];

describe('resolutions', () => {
  it('maps the three presets to 16:9 sizes', () => {
    expect(RESOLUTIONS).toEqual({
      '720p': { width: 1280, height: 720 },
      '1080p': { width: 1920, height: 1080 },
      '4k': { width: 3840, height: 2160 },
    });
  });
});

describe('buildSlideArgs', () => {
  it('letterboxes one image (its first frame) into a 4k JPEG slide', () => {
    expect(
      buildSlideArgs({ image: '/in/3.gif', output: '/o/slides/slide-00004.jpg', width: 3840, height: 2160 }),
    ).toEqual([
      '-i',
      '/in/3.gif',
      '-map',
      '0:v:0',
      '-frames:v',
      '1',
      '-vf',
      'scale=3840:2160:force_original_aspect_ratio=decrease,pad=3840:2160:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1,format=yuvj420p',
      '-q:v',
      '2',
      '/o/slides/slide-00004.jpg',
    ]);
  });
});

describe('buildSlideshowArgs', () => {
  it('reads the slides as one sequence, one per secondsPerImage, at 30 fps with silent audio', () => {
    expect(
      buildSlideshowArgs({ slidesDir: '/o/slides', count: 50, secondsPerImage: 2.5, output: '/o/s.mp4' }),
    ).toEqual([
      '-f',
      'image2',
      '-framerate',
      '1000/2500',
      '-start_number',
      '1',
      '-i',
      '/o/slides/slide-%05d.jpg',
      '-filter_complex',
      `[0:v]${JPEG_TO_BT709_FILTER},fps=30:eof_action=pass,tpad=stop_mode=clone:stop_duration=2.5[v];anullsrc=r=48000:cl=stereo[a]`,
      '-map',
      '[v]',
      '-map',
      '[a]',
      '-t',
      '125',
      ...ENCODE,
      ...AAC,
      ...FASTSTART,
      '/o/s.mp4',
    ]);
  });

  it('doubles a % in the directory so the image2 pattern stays ours', () => {
    const args = buildSlideshowArgs({
      slidesDir: '/tmp/100%/x',
      count: 1,
      secondsPerImage: 1,
      output: '/o/s.mp4',
    });
    expect(args[args.indexOf('-i') + 1]).toBe('/tmp/100%%/x/slide-%05d.jpg');
  });

  it('slideRate is an exact rational at millisecond precision', () => {
    expect(slideRate(0.5)).toBe('1000/500');
    expect(slideRate(60)).toBe('1000/60000');
    expect(slideRate(1.2345)).toBe('1000/1235');
  });
});

describe('convertImageToVideo handler', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mk-slides-'));
    await Promise.all([
      makeImage(join(dir, 'tall.png'), { size: '100x400', color: '0xFF0000' }),
      makeImage(join(dir, 'blue.bmp'), { size: '64x36', color: '0x0000FF' }),
      // A two-frame GIF: green then red; only its first frame counts.
      ffmpeg(
        '-f',
        'lavfi',
        '-i',
        'color=c=0x00FF00:s=32x32:r=1:d=2,geq=r=if(gte(T\\,1)\\,255\\,0):g=if(gte(T\\,1)\\,0\\,255):b=0',
        join(dir, 'anim.gif'),
      ),
    ]);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('shows each image for secondsPerImage, letterboxed, at 720p with a silent track', async () => {
    const inputs = [
      await jobInput(join(dir, 'tall.png'), 'holiday.png'),
      await jobInput(join(dir, 'blue.bmp'), 'b.bmp'),
      await jobInput(join(dir, 'anim.gif'), 'a.gif'),
    ];
    const { ctx, progress } = await fakeCtx<ImageToVideoParams>(dir, 'convert-image-to-video', inputs, {
      resolution: '720p',
      secondsPerImage: 0.8,
    });
    const [out, ...rest] = await convertImageToVideo(ctx);
    expect(rest).toEqual([]);
    expect(out.name).toBe('holiday-slideshow.mp4');
    const info = await probeFile(out.path);
    const video = info.streams.find((s) => s.codec_type === 'video');
    expect(video).toMatchObject({ codec_name: 'h264', width: 1280, height: 720, avg_frame_rate: '30/1' });
    expect(info.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    expect(Math.abs(info.duration - 2.4)).toBeLessThanOrEqual(0.1);
    // Slide 1: a tall red image in black bars; slide 2 fills the 16:9 frame; slide 3 the GIF's first frame.
    expect(near(await pixelAt(out.path, 0.4, 640, 360), [255, 0, 0])).toBe(true);
    expect(near(await pixelAt(out.path, 0.4, 100, 360), [0, 0, 0], 20)).toBe(true);
    expect(near(await pixelAt(out.path, 1.2, 100, 360), [0, 0, 255])).toBe(true);
    expect(near(await pixelAt(out.path, 2.2, 640, 360), [0, 255, 0])).toBe(true);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(await readdir(join(ctx.outDir, 'slides'))).toEqual([
      'slide-00001.jpg',
      'slide-00002.jpg',
      'slide-00003.jpg',
    ]);
  });

  it('handles a single image at the shortest duration', async () => {
    const { ctx } = await fakeCtx<ImageToVideoParams>(
      dir,
      'convert-image-to-video',
      [await jobInput(join(dir, 'blue.bmp'), 'b.bmp')],
      {
        resolution: '720p',
        secondsPerImage: 0.5,
      },
    );
    const [out] = await convertImageToVideo(ctx);
    expect(Math.abs((await probeFile(out.path)).duration - 0.5)).toBeLessThanOrEqual(0.1);
  });
});
