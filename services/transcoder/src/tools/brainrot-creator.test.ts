import { access, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCaptionPixels } from '../../test/caption-pixels.ts';
import {
  fakeCtx,
  frameRgb,
  jobInput,
  makeClip,
  near,
  pixelAt,
  probeFile,
} from '../../test/composition-media.ts';
import { type BrainrotParams, brainrotCreator, buildBrainrotArgs } from './brainrot-creator.ts';
import { SDR_BT709_TAGS as SDR_TAGS } from './colour.ts';

const ENCODE = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', ...SDR_TAGS];
const AAC = ['-c:a', 'aac', '-b:a', '160k'];
const FASTSTART = ['-movflags', '+faststart'];
const HALF = 'scale=1080:960:force_original_aspect_ratio=increase,crop=1080:960,setsar=1,fps=30';

describe('buildBrainrotArgs', () => {
  const base = {
    main: '/in/0.mp4',
    background: '/in/1.webm',
    output: '/out/b.mp4',
    fps: '30',
  };

  it('main on top, background looped, muted and cropped to fill, the caption image centred on the seam', () => {
    expect(
      buildBrainrotArgs({ ...base, layout: 'main-top', mainHasAudio: true, captionImage: '/o/caption.png' }),
    ).toEqual([
      '-i',
      '/in/0.mp4',
      '-stream_loop',
      '-1',
      '-i',
      '/in/1.webm',
      '-f',
      'image2',
      '-pattern_type',
      'none',
      '-i',
      '/o/caption.png',
      '-filter_complex',
      `[0:v:0]${HALF}[main];[1:v:0]${HALF}[bg];[main][bg]vstack=inputs=2:shortest=1[stack];[stack][2:v:0]overlay=x=(W-w)/2:y=(H-h)/2[v]`,
      '-map',
      '[v]',
      '-map',
      '0:a:0?',
      ...ENCODE,
      ...AAC,
      ...FASTSTART,
      '/out/b.mp4',
    ]);
  });

  it('main at the bottom, no caption, no audio when the main clip has none', () => {
    const args = buildBrainrotArgs({ ...base, layout: 'main-bottom', mainHasAudio: false });
    expect(args).toEqual([
      '-i',
      '/in/0.mp4',
      '-stream_loop',
      '-1',
      '-i',
      '/in/1.webm',
      '-filter_complex',
      `[0:v:0]${HALF}[main];[1:v:0]${HALF}[bg];[bg][main]vstack=inputs=2:shortest=1[v]`,
      '-map',
      '[v]',
      ...ENCODE,
      ...FASTSTART,
      '/out/b.mp4',
    ]);
    // The loop is an input option of the background only: it sits right before its -i.
    expect(args.indexOf('-stream_loop')).toBe(args.indexOf('/in/1.webm') - 3);
  });
});

describe('brainrotCreator handler', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mk-brainrot-'));
    await Promise.all([
      makeClip(join(dir, 'main.mp4'), { seconds: 1.5, source: 'color=c=0x0000FF' }),
      // Shorter than the main clip, and with its own sound: it must loop, and stay silent.
      makeClip(join(dir, 'bg.mp4'), { seconds: 0.4, size: '160x120', source: 'color=c=0xFF0000' }),
      makeClip(join(dir, 'grey.mp4'), { seconds: 0.5, audio: false, source: 'color=c=0x808080' }),
      makeClip(join(dir, 'dark.mp4'), { seconds: 0.5, audio: false, source: 'color=c=0x404040' }),
    ]);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('makes a 1080×1920 video as long as the main clip, with its audio and a caption', async () => {
    const inputs = [
      await jobInput(join(dir, 'main.mp4'), 'me.mp4'),
      await jobInput(join(dir, 'bg.mp4'), 'bg.mp4'),
    ];
    const { ctx, progress } = await fakeCtx<BrainrotParams>(dir, 'brainrot-creator', inputs, {
      layout: 'main-top',
      caption: 'Hello %{localtime} world',
    });
    const [out, ...rest] = await brainrotCreator(ctx);
    expect(rest).toEqual([]);
    expect(out.name).toBe('me-brainrot.mp4');
    await access(join(ctx.outDir, 'caption.png'));
    const info = await probeFile(out.path);
    expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 1080, height: 1920 });
    expect(info.streams.filter((s) => s.codec_type === 'audio')).toHaveLength(1);
    expect(Math.abs(info.duration - 1.5)).toBeLessThanOrEqual(0.1);
    // Main on top, background (looped past its 0.4 s) below, caption box over the seam.
    expect(near(await pixelAt(out.path, 1.2, 540, 300), [0, 0, 255])).toBe(true);
    expect(near(await pixelAt(out.path, 1.2, 540, 1600), [255, 0, 0])).toBe(true);
    const seam = await pixelAt(out.path, 1.2, 540, 960);
    expect(near(seam, [0, 0, 255]) || near(seam, [255, 0, 0])).toBe(false);
    expect(progress.at(-1)).toBe(100);
  });

  // Grey footage, white text on a dark box: any strong colour is an emoji's.
  it('draws emoji in colour and Chinese, Devanagari and Arabic as letters, not boxes', async () => {
    const inputs = [
      await jobInput(join(dir, 'grey.mp4'), 'grey.mp4'),
      await jobInput(join(dir, 'dark.mp4'), 'dark.mp4'),
    ];
    // In a job dir whose path has every character the filter graph or image2 treats specially.
    const odd = join(dir, "50%d it's, [odd]; a:b");
    await mkdir(odd);
    const { ctx } = await fakeCtx<BrainrotParams>(odd, 'brainrot-creator', inputs, {
      caption: '🔥 so good 😂 今天很开心 नमस्ते مرحبا',
    });
    const [out] = await brainrotCreator(ctx);
    // The caption sits on the seam (y = 960); two lines at most, 80 px each.
    const caption = readCaptionPixels(await frameRgb(out.path, 0.3), 1080, 960 - 200, 960 + 200);
    expect(caption.colourful, 'pixels of emoji colour').toBeGreaterThan(1000);
    // Letters of every script drawn: none is the box a renderer draws for a character its fonts
    // lack (without the fonts setup installs, Chinese and Devanagari come out as such boxes).
    expect(caption.boxes, 'glyphs drawn as boxes: are the caption fonts installed (npm run setup)?').toEqual(
      [],
    );
    expect(caption.shapes).toBeGreaterThan(10);
  });

  it('the box check sees a box: U+25A1 drawn as a caption is one', async () => {
    const inputs = [
      await jobInput(join(dir, 'grey.mp4'), 'grey.mp4'),
      await jobInput(join(dir, 'dark.mp4'), 'dark.mp4'),
    ];
    const { ctx } = await fakeCtx<BrainrotParams>(dir, 'brainrot-creator', inputs, { caption: 'so □□ good' });
    const [out] = await brainrotCreator(ctx);
    const caption = readCaptionPixels(await frameRgb(out.path, 0.3), 1080, 960 - 200, 960 + 200);
    expect(caption.boxes).toHaveLength(2);
    expect(caption.colourful).toBe(0);
  });

  it('writes no caption image for a caption with nothing to draw', async () => {
    const inputs = [
      await jobInput(join(dir, 'grey.mp4'), 'grey.mp4'),
      await jobInput(join(dir, 'dark.mp4'), 'dark.mp4'),
    ];
    const { ctx } = await fakeCtx<BrainrotParams>(dir, 'brainrot-creator', inputs, { caption: ' \u200b\n ' });
    const [out] = await brainrotCreator(ctx);
    await expect(access(join(ctx.outDir, 'caption.png'))).rejects.toThrow();
    expect(near(await pixelAt(out.path, 0.3, 540, 940), [128, 128, 128], 8)).toBe(true);
  });
});
