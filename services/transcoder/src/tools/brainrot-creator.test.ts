import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrainrotParams,
  brainrotCreator,
  buildBrainrotArgs,
  CAPTION_FONT,
  captionFilters,
  captionLines,
} from './brainrot-creator.ts';
import { fakeCtx, ffmpeg, jobInput, makeClip, near, pixelAt, probeFile } from './composition-test-media.ts';

const ENCODE = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'];
const AAC = ['-c:a', 'aac', '-b:a', '160k'];
const FASTSTART = ['-movflags', '+faststart'];
const HALF = 'scale=1080:960:force_original_aspect_ratio=increase,crop=1080:960,setsar=1,fps=30';
const DRAW = (file: string, y: number) =>
  `drawtext=fontfile=/f/b.ttf:textfile=${file}:expansion=none:fontsize=56:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=12:x=(w-text_w)/2:y=${y}`;

describe('buildBrainrotArgs', () => {
  const base = {
    main: '/in/0.mp4',
    background: '/in/1.webm',
    output: '/out/b.mp4',
    fps: '30',
    fontFile: '/f/b.ttf',
  };

  it('main on top, background looped, muted and cropped to fill, two caption lines at the seam', () => {
    expect(
      buildBrainrotArgs({
        ...base,
        layout: 'main-top',
        mainHasAudio: true,
        captionFiles: ['/o/caption-1.txt', '/o/caption-2.txt'],
      }),
    ).toEqual([
      '-i',
      '/in/0.mp4',
      '-stream_loop',
      '-1',
      '-i',
      '/in/1.webm',
      '-filter_complex',
      `[0:v:0]${HALF}[main];[1:v:0]${HALF}[bg];[main][bg]vstack=inputs=2:shortest=1,${DRAW('/o/caption-1.txt', 892)},${DRAW('/o/caption-2.txt', 972)}[v]`,
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
    const args = buildBrainrotArgs({ ...base, layout: 'main-bottom', mainHasAudio: false, captionFiles: [] });
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

  it('escapes caption and font paths for the filter graph', () => {
    expect(captionFilters(["/t/it's, [x]; a:b/c.txt"], '/f/b.ttf')[0]).toContain(
      "textfile=/t/it\\\\\\'s\\, \\[x\\]\\; a\\\\:b/c.txt:",
    );
  });
});

describe('captionLines', () => {
  it('cleans and wraps a caption into lines that fit the frame', () => {
    expect(captionLines(undefined)).toEqual([]);
    expect(captionLines('  \n\t ')).toEqual([]);
    expect(captionLines('when the\nbass\u0007 drops')).toEqual(['when the bass drops']);
    const long =
      'POV: you finally understand the filter graph escaping rules of ffmpeg after ten years of trying';
    const lines = captionLines(long);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join(' ')).toBe(long);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(30);
  });

  it('cuts a word too long for one line', () => {
    const lines = captionLines('W'.repeat(120));
    expect(lines.join('')).toBe('W'.repeat(120));
    expect(lines.length).toBeGreaterThan(5);
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
    expect(await readFile(join(ctx.outDir, 'caption-1.txt'), 'utf8')).toBe('Hello %{localtime} world');
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

  it('draws a caption file whose path has every graph-special character', async () => {
    const odd = join(dir, "it's, [odd]; a:b");
    await mkdir(odd);
    const file = join(odd, 'caption.txt');
    await writeFile(file, 'Hi');
    const [filter] = captionFilters([file], CAPTION_FONT);
    const png = join(dir, 'caption.png');
    await ffmpeg('-f', 'lavfi', '-i', 'color=c=red:s=1080x1920', '-vf', filter, '-frames:v', '1', png);
    const { width, height } = (await probeFile(png)).streams[0];
    expect([width, height]).toEqual([1080, 1920]);
    // White text on a dark box at the centre; pure red elsewhere.
    expect(near(await pixelAt(png, 0, 540, 200), [255, 0, 0], 5)).toBe(true);
    const centre = await pixelAt(png, 0, 520, 960);
    expect(near(centre, [255, 0, 0], 5)).toBe(false);
  });
});
