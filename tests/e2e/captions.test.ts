import { execFile } from 'node:child_process';
import { copyFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readCaptionPixels } from '../../services/transcoder/test/caption-pixels.ts';
import { skipReason } from './browser.ts';
import { webStackWithVisitors } from './stack.ts';
import { download, runAndWait, tempDir, waitUploaded } from './tools/helpers.ts';
import { expectNoHorizontalOverflow, SCREENSHOT_DIR, screenshot } from './visitor.ts';

const run = promisify(execFile);

// Emoji, a Chinese phrase, a Devanagari and an Arabic word: what a caption burned into a video
// used to show as boxes (issue 23, item 7).
const CAPTION = '🔥 so good 😂 今天很开心 नमस्ते مرحبا';

/** A 1 s H.264 clip of one flat grey: on it, white text on a dark box, any colour is an emoji's. */
async function greyClip(path: string, grey: string): Promise<void> {
  // biome-ignore format: flag/value pairs read best on one line each
  await run('ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `color=c=${grey}:s=320x240:r=25:d=1`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p',
    path,
  ]);
}

/** Brainrot captions in real Chromium, from a first visit to the frame of the downloaded video. */
describe.skipIf(skipReason)('captions burned into video', () => {
  const web = webStackWithVisitors();
  let dir: string;
  const clips = { main: '', background: '' };

  beforeAll(async () => {
    dir = await tempDir();
    clips.main = join(dir, 'me.mp4');
    clips.background = join(dir, 'gameplay.mp4');
    await Promise.all([greyClip(clips.main, '0x808080'), greyClip(clips.background, '0x404040')]);
  }, 240_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test.each(['phone', 'desktop'] as const)(
    'on a %s, a new visitor gets emoji in colour and every script drawn, not boxes',
    async (size) => {
      const { page, errors } = await web.visitors.fresh(size);
      await page.goto(`${web.url}/tool/brainrot-creator`);
      const slots = page.locator('.slot');
      // One after the other: a new visitor's parallel first uploads are issue 23's item 1, not this.
      await slots.nth(0).locator('input[type=file]').setInputFiles(clips.main);
      await waitUploaded(page, 1);
      await slots.nth(1).locator('input[type=file]').setInputFiles(clips.background);
      await waitUploaded(page, 2);
      await page.getByLabel('Caption').fill(CAPTION);
      await expect(page.getByLabel('Caption').inputValue()).resolves.toBe(CAPTION);

      await runAndWait(page);
      const result = page.locator('.result');
      await result.getByRole('button', { name: /^Download/ }).waitFor();
      await expectNoHorizontalOverflow(page, `brainrot-creator on a ${size}`);
      await screenshot(page, `captions-brainrot-${size}`);
      const file = await download(page, result.getByRole('button', { name: /^Download/ }), dir);
      expect(file.name).toBe('me-brainrot.mp4');

      // One frame, decoded by ffmpeg and read by sharp: the caption sits on the seam (y = 960).
      const frame = join(dir, `frame-${size}.png`);
      await run('ffmpeg', ['-v', 'error', '-y', '-ss', '0.5', '-i', file.path, '-frames:v', '1', frame]);
      await copyFile(frame, join(SCREENSHOT_DIR, `captions-brainrot-frame-${size}.png`));
      const { data, info } = await sharp(frame).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([1080, 1920]);
      const caption = readCaptionPixels(data, info.width, 960 - 200, 960 + 200);
      expect(caption.colourful, 'pixels of emoji colour').toBeGreaterThan(1000);
      expect(caption.boxes, 'letters drawn as boxes').toEqual([]);
      expect(caption.shapes, 'letters drawn').toBeGreaterThan(10);
      expect(errors).toEqual([]);
    },
  );
});
