import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUpInBrowser } from '../support/sign-in.ts';
import { skipReason } from './browser.ts';
import { webStackWithVisitors } from './stack.ts';
import { batchFixtures, hugePng } from './tools/batch-fixtures.ts';
import { tempDir } from './tools/helpers.ts';
import { expectNoHorizontalOverflow, screenshot } from './visitor.ts';

/**
 * The file cards of a tool page as a new visitor meets them (issue 23): a failed upload holds the
 * run and can be tried again or removed.
 */
describe.skipIf(skipReason)('upload cards on a tool page', () => {
  const web = webStackWithVisitors();
  let dir: string;
  let fixtures: ReturnType<typeof batchFixtures>;

  beforeAll(async () => {
    dir = await tempDir();
    fixtures = batchFixtures(dir);
  }, 240_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('a failed upload holds the run until it is tried again or removed; the button says how many go in', async () => {
    const { page, context, errors } = await web.visitors.fresh('phone');
    // The server refuses the creation of two files' uploads: png-2 once, png-3 every time.
    const refusals = new Map([
      ['png-2.png', 1],
      ['png-3.png', Number.POSITIVE_INFINITY],
    ]);
    await page.route('**/api/v1/uploads', async (route) => {
      const request = route.request();
      const metadata = (await request.headerValue('upload-metadata')) ?? '';
      const encoded = /(?:^|,)filename ([^,]+)/.exec(metadata)?.[1] ?? '';
      const name = Buffer.from(encoded, 'base64').toString();
      const left = refusals.get(name) ?? 0;
      if (request.method() !== 'POST' || left <= 0) return route.continue();
      refusals.set(name, left - 1);
      return route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'bad_request', message: 'The server could not take this upload.' }),
      });
    });
    await page.goto(`${web.url}/converter/png-to-jpg`);
    const files = await fixtures.files('png', 3);
    await page.locator('input[type=file]').setInputFiles(files);

    const card = (name: string) => page.locator('.upload-item', { hasText: name });
    const run = page.locator('.run-button');
    const runState = page.locator('.run-state');
    await card('png-1.png').and(page.locator('[data-status="ready"]')).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('.upload-item[data-status="failed"]').count()).toBe(2);
    await expect(card('png-2.png').getByRole('alert').textContent()).resolves.toBe(
      'The server could not take this upload.',
    );
    expect(await run.isDisabled()).toBe(true);
    await expect(runState.textContent()).resolves.toBe(
      '2 files could not be uploaded: try them again or remove them.',
    );
    await expectNoHorizontalOverflow(page, 'png-to-jpg with two failed uploads');
    await screenshot(page, 'upload-cards-failed-phone');

    // "Try again" sends the same local file again; this time it goes through.
    await card('png-2.png').getByRole('button', { name: 'Try again' }).click();
    await card('png-2.png').and(page.locator('[data-status="ready"]')).waitFor({ timeout: 30_000 });
    await expect(runState.textContent()).resolves.toBe(
      '1 file could not be uploaded: try it again or remove it.',
    );
    expect(await run.isDisabled()).toBe(true);

    // "Remove" takes the other out of the job; then the run is free and says how many files go in.
    await card('png-3.png').getByRole('button', { name: 'Remove png-3.png' }).click();
    await expect.poll(() => run.isEnabled()).toBe(true);
    await expect(run.textContent()).resolves.toBe('Convert 2 files to JPG');
    await expect(runState.textContent()).resolves.toBe('');
    await run.click();
    const result = page.locator('.result');
    await result.waitFor({ timeout: 120_000 });
    await expect(result.locator('h2').textContent()).resolves.toBe('Your 2 files are ready');
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  test('a tool with a list of inputs says how many go in and waits while one is still uploading', async () => {
    const { page, context, errors } = await web.visitors.fresh('desktop');
    // Holds png-3's upload creation until released, so the page is seen while it is uploading.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/v1/uploads', async (route) => {
      const metadata = (await route.request().headerValue('upload-metadata')) ?? '';
      if (metadata.includes(`filename ${Buffer.from('png-3.png').toString('base64')}`)) await held;
      return route.continue();
    });
    await page.goto(`${web.url}/tool/convert-image-to-video`);
    await page.locator('input[type=file]').setInputFiles(await fixtures.files('png', 3));
    const runState = page.locator('.run-state');
    await expect
      .poll(() => page.locator('.upload-item[data-status="ready"]').count(), { timeout: 30_000 })
      .toBe(2);
    await expect(runState.textContent()).resolves.toBe('Waiting for 1 file to finish uploading.');
    expect(await page.locator('.run-button').isDisabled()).toBe(true);
    release();
    await expect
      .poll(() => page.locator('.upload-item[data-status="ready"]').count(), { timeout: 30_000 })
      .toBe(3);
    await expect.poll(() => runState.textContent()).toBe('3 files go into this job, in this order.');
    expect(await page.locator('.run-button').isEnabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  test('a converter’s optional Quality reads "Auto" until moved, sends none then, and can go back to Auto; none to PNG', async () => {
    for (const size of ['phone', 'desktop'] as const) {
      const { page, context, errors } = await web.visitors.fresh(size);
      await page.goto(`${web.url}/converter/png-to-jpg`);
      const slider = page.locator('input[name="quality"]');
      const shown = page.locator('[data-field="quality"] .slider-value');
      await slider.waitFor();
      await expect(shown.textContent()).resolves.toBe('Auto');
      expect(await slider.getAttribute('aria-valuetext')).toBe('Auto');
      // The thumb does not rest at the far left, where it read as 1.
      expect(Number(await slider.inputValue())).toBeGreaterThan(1);
      await expectNoHorizontalOverflow(page, `png-to-jpg quality, ${size}`);
      await screenshot(page, `quality-auto-${size}`);

      // Moving it sets a number; "Auto" takes it back.
      await slider.focus();
      await page.keyboard.press('End');
      await expect(shown.textContent()).resolves.toBe('100');
      await page.keyboard.press('ArrowLeft');
      await expect(shown.textContent()).resolves.toBe('99');
      await screenshot(page, `quality-set-${size}`);
      await page.getByRole('button', { name: 'Set Quality back to Auto' }).click();
      await expect(shown.textContent()).resolves.toBe('Auto');
      expect(await page.getByRole('button', { name: 'Set Quality back to Auto' }).count()).toBe(0);

      if (size === 'desktop') {
        // Run on Auto: the job is created without a quality, so the converter uses its own.
        await page.locator('input[type=file]').setInputFiles((await fixtures.files('png', 1))[0]);
        await page.locator('.upload-item[data-status="ready"]').waitFor({ timeout: 30_000 });
        const [created] = await Promise.all([
          page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/v1/jobs')),
          page.locator('.run-button').click(),
        ]);
        expect(created.postDataJSON()).toMatchObject({ tool: 'png-to-jpg', params: {} });
        expect(created.postDataJSON().params).not.toHaveProperty('quality');
        await page.locator('.result').waitFor({ timeout: 120_000 });
      }
      if (size === 'phone') {
        // A converter to PNG offers no quality at all: PNG keeps every pixel, the setting did nothing.
        await page.goto(`${web.url}/converter/heic-to-png`);
        await page.getByRole('heading', { name: 'Run it' }).waitFor();
        expect(await page.locator('input[name="quality"]').count()).toBe(0);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 180_000);

  test('a 30000 × 30000 PNG is refused on its card as soon as it is uploaded, and the run waits', async () => {
    const huge = join(dir, 'poster.png');
    await writeFile(huge, hugePng(30000, 30000));
    const limit = (
      (await (await fetch(`${web.url}/api/v1/tools/crop-image`)).json()) as { inputs: { maxPixels: number } }
    ).inputs.maxPixels;
    for (const size of ['phone', 'desktop'] as const) {
      const { page, context, errors } = await web.visitors.fresh(size);
      await page.goto(`${web.url}/tool/crop-image`);
      await page.locator('input[type=file]').setInputFiles(huge);
      const card = page.locator('.upload-item', { hasText: 'poster.png' });
      await card.locator('[role="alert"]').waitFor({ timeout: 30_000 });
      await expect(card.getByRole('alert').textContent()).resolves.toBe(
        `This image is 30000 × 30000 pixels; this tool takes images up to ${limit / 1_000_000} megapixels. Make it smaller and add it again.`,
      );
      await expect(card.locator('.upload-facts').textContent()).resolves.toBe('PNG · 30000 × 30000');
      const run = page.locator('.run-button');
      expect(await run.isDisabled()).toBe(true);
      await expect(page.locator('.run-state').textContent()).resolves.toBe(
        '1 file cannot go to this tool as it is: remove it.',
      );
      // No crop box over a picture the tool will not take, nor a thumbnail: 900 million pixels
      // would not fit in memory. The card's preview is the format's name.
      expect(await page.locator('.crop-box').count()).toBe(0);
      await expect(card.locator('.upload-thumb.stand-in').textContent()).resolves.toBe('PNG');
      expect(await card.locator('img').count()).toBe(0);
      await expectNoHorizontalOverflow(page, `crop-image with a 30000 × 30000 PNG, ${size}`);
      await screenshot(page, `too-many-pixels-${size}`);

      // Removing it and adding a picture the tool takes frees the run.
      await card.getByRole('button', { name: 'Remove poster.png' }).click();
      await page.locator('input[type=file]').setInputFiles((await fixtures.files('png', 1))[0]);
      await page.locator('.crop-box').waitFor({ timeout: 30_000 });
      await expect.poll(() => run.isEnabled()).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 180_000);

  /** The width the browser decoded an <img> at: above 0 only for a picture that really loaded. */
  const decodedWidth = (img: Locator) =>
    img.evaluate((element) => {
      const image = element as unknown as { complete: boolean; naturalWidth: number };
      return image.complete ? image.naturalWidth : 0;
    });

  async function expectThumbnail(page: Page, name: string) {
    const img = page.locator('.upload-item', { hasText: name }).locator('img.upload-thumb');
    await expect.poll(() => decodedWidth(img), { timeout: 30_000, message: name }).toBeGreaterThan(0);
    return img;
  }

  test('upload cards show a thumbnail at once: a PNG, a video’s first frame, the format’s name for HEIC and PSD', async () => {
    for (const size of ['phone', 'desktop'] as const) {
      const { page, context, errors } = await web.visitors.fresh(size);
      // A video and a picture on one page: the two drop areas of overlay-image-on-video.
      await page.goto(`${web.url}/tool/overlay-image-on-video`);
      await page.locator('input[type=file]').nth(1).waitFor({ state: 'attached', timeout: 30_000 });
      const inputs = await page.locator('input[type=file]').elementHandles();
      await inputs[0].setInputFiles((await fixtures.files('mp4', 1))[0]);
      await inputs[1].setInputFiles((await fixtures.files('png', 1))[0]);
      const frame = await expectThumbnail(page, 'mp4-1.mp4');
      const png = await expectThumbnail(page, 'png-1.png');
      // From the files on the device, not downloaded back: object URLs.
      expect(await frame.getAttribute('src')).toMatch(/^blob:/);
      expect(await png.getAttribute('src')).toMatch(/^blob:/);
      await page.locator('.upload-item[data-status="ready"]').nth(1).waitFor({ timeout: 30_000 });
      await expectNoHorizontalOverflow(page, `overlay-image-on-video cards, ${size}`);
      await screenshot(page, `thumbnails-video-and-png-${size}`);

      // Removing the card lets its object URL go.
      const src = (await png.getAttribute('src')) as string;
      await page.getByRole('button', { name: 'Remove png-1.png' }).click();
      await expect
        .poll(() => page.evaluate(`fetch(${JSON.stringify(src)}).then(() => 'kept', () => 'revoked')`))
        .toBe('revoked');

      // Formats browsers do not draw get a stand-in with their name, never a broken image.
      await page.goto(`${web.url}/tool/resize-image`);
      await page
        .locator('input[type=file]')
        .setInputFiles([
          ...(await fixtures.files('heic', 1)),
          ...(await fixtures.files('psd', 1)),
          ...(await fixtures.files('png', 1)),
        ]);
      await expectThumbnail(page, 'png-1.png');
      for (const [name, label] of [
        ['heic-1.heic', 'HEIC'],
        ['psd-1.psd', 'PSD'],
      ]) {
        const card = page.locator('.upload-item', { hasText: name });
        await expect(card.locator('.upload-thumb.stand-in').textContent()).resolves.toBe(label);
        expect(await card.locator('img').count()).toBe(0);
      }
      await expect
        .poll(() => page.locator('.upload-item[data-status="ready"]').count(), { timeout: 30_000 })
        .toBe(3);
      await expectNoHorizontalOverflow(page, `resize-image cards, ${size}`);
      await screenshot(page, `thumbnails-stand-ins-${size}`);
      expect(errors).toEqual([]);
      if (size === 'desktop') await dashboardThumbnails(page);
      await context.close();
    }
  }, 300_000);

  /**
   * The guest of the test above signs up and keeps their uploads: the dashboard's file list shows
   * their previews, and a click on one opens the file itself in a new tab.
   */
  async function dashboardThumbnails(page: Page) {
    await signUpInBrowser(page, web.url, `thumbs-${Date.now()}@example.com`, 'Tess Thumbnail');
    await page.goto(`${web.url}/dashboard/uploaded-files`);
    // png-1.png was uploaded on both tool pages: the newest card is first.
    const card = (name: string) => page.getByRole('listitem', { name }).first();
    await card('png-1.png').waitFor({ timeout: 30_000 });
    const thumb = card('png-1.png').locator('img.thumb');
    await expect.poll(() => decodedWidth(thumb), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect(card('heic-1.heic').locator('.thumb-format').textContent()).resolves.toBe('HEIC');
    await screenshot(page, 'thumbnails-dashboard-desktop');

    const [opened] = await Promise.all([
      page.context().waitForEvent('page'),
      card('png-1.png').getByRole('link', { name: 'Open png-1.png' }).click(),
    ]);
    await opened.waitForLoadState();
    expect(opened.url()).toMatch(/\/api\/v1\/files\/[^/]+\/content\?link=[^&]+&inline=1$/);
    // The browser shows the picture itself (an image document), not a download.
    await expect
      .poll(() => opened.evaluate('document.images.length ? document.images[0].naturalWidth : 0'))
      .toBe(24);
    await opened.close();
  }
});
