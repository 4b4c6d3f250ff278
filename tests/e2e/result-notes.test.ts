import { copyFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { skipReason } from './browser.ts';
import { webStackWithVisitors } from './stack.ts';
import { download, runAndWait, tempDir, waitUploaded } from './tools/helpers.ts';
import { expectNoHorizontalOverflow, screenshot } from './visitor.ts';

/** An animated GIF made by gifsicle (tests/corpus/make/anim.sh), not by our own pipeline. */
const ANIMATED_GIF = resolve(import.meta.dirname, '../corpus/files/anim/gifsicle-42-frames.gif');

/**
 * Job.notes on the result panel (issue 24): a new visitor converting an animated GIF to JPG reads,
 * with the download, that the JPG holds only the first frame.
 */
describe.skipIf(skipReason)('notes with an image result', () => {
  const web = webStackWithVisitors();
  let dir: string;
  let party: string;

  beforeAll(async () => {
    dir = await tempDir();
    party = join(dir, 'party.gif');
    await copyFile(ANIMATED_GIF, party);
  }, 240_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  for (const size of ['phone', 'desktop'] as const) {
    test(`gif-to-jpg on a ${size}: the result says the JPG holds the first frame of 42`, async () => {
      const { page, context, errors } = await web.visitors.fresh(size);
      await page.goto(`${web.url}/converter/gif-to-jpg`);
      await page.locator('input[type=file]').setInputFiles(party);
      await waitUploaded(page, 1);
      await runAndWait(page);

      const note = page.locator('.result .result-note');
      await expect(note.textContent()).resolves.toBe(
        'party.gif is animated (42 frames); the JPG holds its first frame.',
      );
      await expect(note.isVisible()).resolves.toBe(true);
      await expectNoHorizontalOverflow(page, `gif-to-jpg result on a ${size}`);
      await screenshot(page, `result-note-gif-to-jpg-${size}`);

      const file = await download(
        page,
        page.locator('.result').getByRole('button', { name: /^Download/ }),
        dir,
      );
      expect(file.name).toBe('party-first-frame.jpg');
      const meta = await sharp(file.bytes).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 160, height: 120 });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
