import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readGif } from '../integration/gif-bytes.ts';
import { makeVideo, probe } from '../integration/media.ts';
import { skipReason } from './browser.ts';
import { webStackWithBrowser } from './stack.ts';
import { download, openTool, runAndWait, tempDir, waitUploaded } from './tools/helpers.ts';

const run = promisify(execFile);

/** The video tool pages in real Chromium against the started stack, from upload to download. */
describe.skipIf(skipReason)('video tool pages in Chromium', () => {
  const web = webStackWithBrowser();
  let dir: string;
  const fixtures = { clip: '', mov: '', big: '', png: '' };

  beforeAll(async () => {
    dir = await tempDir();
    fixtures.clip = join(dir, 'holiday.mp4');
    fixtures.mov = join(dir, 'IMG_0420.MOV');
    fixtures.big = join(dir, 'long-take.mp4');
    fixtures.png = join(dir, 'not-a-video.png');
    const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
    await Promise.all([
      makeVideo(fixtures.clip, { seconds: 6, videoCodec: h264, audioCodec: ['-c:a', 'aac'] }),
      makeVideo(fixtures.mov, { seconds: 3, videoCodec: h264, audioCodec: ['-c:a', 'aac'] }),
      // ~12 MB of noise: three tus chunks of 5 MiB, so the connection can drop between them.
      run('ffmpeg', [
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'nullsrc=s=640x360:d=4:r=25,geq=random(1)*255:128:128',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-b:v',
        '24M',
        '-maxrate',
        '24M',
        '-bufsize',
        '4M',
        '-pix_fmt',
        'yuv420p',
        fixtures.big,
      ]),
      run('ffmpeg', [
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'color=c=red:s=32x32',
        '-frames:v',
        '1',
        fixtures.png,
      ]),
    ]);
  }, 240_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** Drags a timeline handle by a share of the timeline's width. */
  async function dragThumb(page: Page, which: 'start' | 'end', share: number) {
    const thumb = page.locator(`.timeline-thumb.${which}`);
    await thumb.scrollIntoViewIfNeeded();
    const box = await thumb.boundingBox();
    const track = await page.locator('.timeline').boundingBox();
    if (!box || !track) throw new Error('timeline not shown');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(track.x + track.width * share, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
  }

  test('trim-video: the range chosen on the timeline is the part that comes back', async () => {
    const { page, errors } = await openTool(web.browser, web.url, '/tool/trim-video');
    await page.locator('input[type=file]').setInputFiles(fixtures.clip);
    await waitUploaded(page, 1);
    // The end starts at the video's length, read by the server.
    await expect.poll(() => page.inputValue('input[name="end"]')).toBe('6');
    await expect(page.locator('.privacy-note').first().textContent()).resolves.toMatch(
      /deleted at .+\(in (59|60) minutes|about 1 hour\)/,
    );

    await dragThumb(page, 'end', 0.75);
    const start = page.locator('.timeline-thumb.start');
    await start.focus();
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    const chosenStart = Number(await page.inputValue('input[name="start"]'));
    const chosenEnd = Number(await page.inputValue('input[name="end"]'));
    expect(chosenStart).toBe(2);
    expect(chosenEnd).toBeGreaterThan(4);
    expect(chosenEnd).toBeLessThan(5);
    expect(await page.locator('.timeline-thumb.end').getAttribute('aria-valuenow')).toBe(String(chosenEnd));
    await expect(page.getByRole('button', { name: /Play the part to keep/ }).isVisible()).resolves.toBe(true);

    await runAndWait(page);
    const result = page.locator('.result');
    await expect(result.textContent()).resolves.toMatch(/No watermark\. These files are deleted at/);
    const file = await download(page, result.getByRole('button', { name: /^Download/ }), dir);
    expect(file.name).toMatch(/\.mp4$/);
    const info = await probe(file.path);
    expect(Number(info.format.duration)).toBeCloseTo(chosenEnd - chosenStart, 0);
    expect(Math.abs(Number(info.format.duration) - (chosenEnd - chosenStart))).toBeLessThan(0.25);
    expect(info.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('video-to-gif: the part on the timeline and the settings make the GIF that comes back', async () => {
    const { page, errors } = await openTool(web.browser, web.url, '/tool/video-to-gif');
    await page.locator('input[type=file]').setInputFiles(fixtures.clip);
    await waitUploaded(page, 1);
    await expect.poll(() => page.inputValue('input[name="end"]')).toBe('6');
    await dragThumb(page, 'end', 0.5);
    const chosenEnd = Number(await page.inputValue('input[name="end"]'));
    expect(chosenEnd).toBeGreaterThan(2.5);
    expect(chosenEnd).toBeLessThan(3.5);
    await page.locator('input[name="width"]').fill('160');
    // Sliders from their low end, by keyboard as a user would: 1 + 7 = 8 fps, 0 + 2 = 2 plays.
    for (const [name, steps] of [
      ['fps', 7],
      ['loop', 2],
    ] as const) {
      const slider = page.locator(`input[name="${name}"]`);
      await slider.focus();
      await page.keyboard.press('Home');
      for (let i = 0; i < steps; i++) await page.keyboard.press('ArrowRight');
    }
    await page.locator('input[type="radio"][value="bayer"]').check();

    await runAndWait(page);
    const result = page.locator('.result');
    const file = await download(page, result.getByRole('button', { name: /^Download/ }), dir);
    expect(file.name).toBe('holiday.gif');
    const gif = readGif(file.bytes);
    expect(gif).toMatchObject({ width: 160, height: 120, loop: 1 });
    expect(Math.abs(gif.frames - chosenEnd * 8)).toBeLessThanOrEqual(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('mov-to-mp4 through the file input; the result goes on to another tool without a download', async () => {
    const { page, errors } = await openTool(web.browser, web.url, '/converter/mov-to-mp4');
    await page.locator('input[type=file]').setInputFiles(fixtures.mov);
    await waitUploaded(page, 1);
    await expect(page.locator('.upload-facts').textContent()).resolves.toMatch(/MOV · 320 × 240 · 3 s/);
    await runAndWait(page);
    const result = page.locator('.result');
    await expect(result.locator('.result-facts .meta').first().textContent()).resolves.toMatch(
      /MP4 · 320 × 240 · 3 s/,
    );
    const file = await download(page, result.getByRole('button', { name: /^Download/ }), dir);
    expect(file.name).toBe('IMG_0420.mp4');
    // An MP4 brand, not QuickTime's: the container really changed.
    expect(file.bytes.toString('latin1', 4, 8)).toBe('ftyp');
    expect(file.bytes.toString('latin1', 8, 12)).not.toBe('qt  ');
    const info = await probe(file.path);
    expect(info.format.format_name).toContain('mp4');
    expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject({
      codec_name: 'h264',
      width: 320,
      height: 240,
    });
    expect(Number(info.format.duration)).toBeCloseTo(3, 0);

    // Use in another tool: the output is already on the server, so the trim page starts with it.
    const uploads: string[] = [];
    page.on(
      'request',
      (request) => request.url().includes('/api/v1/uploads') && uploads.push(request.method()),
    );
    await result.getByLabel('Use in another tool').selectOption({ label: 'Trim Video Online' });
    await result.getByRole('link', { name: 'Open' }).click();
    await page.waitForURL(/\/tool\/trim-video\?file=/);
    await waitUploaded(page, 1);
    await expect(page.locator('.upload-name').textContent()).resolves.toBe('IMG_0420.mp4');
    await expect.poll(() => page.inputValue('input[name="end"]')).toBe('3');
    expect(uploads).toEqual([]);
    // The trim page plays the server's copy from its inline download link, which the browser
    // streams itself (no copy of the file in the page's memory). The link is asked for once the
    // page knows the file, so the element can be there a moment before its src.
    const video = page.locator('.trim-editor video');
    await expect
      .poll(() => video.getAttribute('src'))
      .toMatch(/\/api\/v1\/files\/[^/]+\/content\?link=[^&]+&inline=1$/);
    await expect
      .poll(() => video.evaluate((v) => (v as unknown as { videoWidth: number }).videoWidth), {
        timeout: 15_000,
      })
      .toBe(320);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('a file of the wrong type is refused before upload, with what it is and what the page takes', async () => {
    const { page } = await openTool(web.browser, web.url, '/converter/mov-to-mp4');
    const uploads: string[] = [];
    page.on(
      'request',
      (request) => request.url().includes('/api/v1/uploads') && uploads.push(request.method()),
    );
    await page.locator('input[type=file]').setInputFiles(fixtures.png);
    await expect(page.getByRole('alert').first().textContent()).resolves.toBe(
      'not-a-video.png is a PNG image, but this converter takes MOV, 3GP or 3G2 files. Choose another file.',
    );
    expect(await page.locator('.upload-item').count()).toBe(0);
    expect(uploads).toEqual([]);
    await page.close();
  });

  test('a dropped connection pauses the upload, which continues where it stopped when back online', async () => {
    const { page, errors } = await openTool(web.browser, web.url, '/tool/compress-video');
    const patches: number[] = [];
    let heads = 0;
    page.on('request', (request) => {
      if (!request.url().includes('/api/v1/uploads/')) return;
      if (request.method() === 'HEAD') heads++;
      if (request.method() === 'PATCH') patches.push(Number(request.headers()['upload-offset']));
    });
    // The second chunk never arrives: the device goes offline while it is being sent.
    let cut = false;
    await page.route('**/api/v1/uploads/*', async (route) => {
      if (
        route.request().method() === 'PATCH' &&
        Number(route.request().headers()['upload-offset']) > 0 &&
        !cut
      ) {
        cut = true;
        await web.browser.context.setOffline(true);
        await route.abort('internetdisconnected');
        return;
      }
      await route.continue();
    });
    await page.locator('input[type=file]').setInputFiles(fixtures.big);
    const item = page.locator('.upload-item');
    await expect.poll(() => item.getAttribute('data-status'), { timeout: 30_000 }).toBe('paused');
    await expect(item.textContent()).resolves.toMatch(
      /You are offline\. The upload continues where it stopped/,
    );
    const sentBefore = patches.length;

    await web.browser.context.setOffline(false);
    await waitUploaded(page, 1);
    // It asked the server where it stopped (HEAD) and went on from there, not from zero.
    expect(heads).toBeGreaterThan(0);
    const resumedAt = patches[sentBefore];
    expect(resumedAt).toBeGreaterThan(0);
    expect(patches.slice(sentBefore).every((offset) => offset > 0)).toBe(true);
    // The server read the whole file: a truncated MP4 would not probe as 4 seconds.
    await expect(page.locator('.upload-facts').textContent()).resolves.toMatch(/MP4 · 640 × 360 · 4 s/);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('on a 360 px phone screen: no sideways scrolling, large touch targets, the native picker', async () => {
    const { page } = await openTool(web.browser, web.url, '/tool/trim-video', { width: 360, height: 740 });
    // The picker is the platform's own file input (phones open their photo and file sheet from it).
    expect(await page.locator('input[type=file]').getAttribute('accept')).toContain('video/mp4');
    const picker = await page.getByText('Choose a file').boundingBox();
    expect(picker?.height).toBeGreaterThanOrEqual(44);
    await page.locator('input[type=file]').setInputFiles(fixtures.clip);
    await waitUploaded(page, 1);
    await page.locator('.timeline-thumb.end').waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    for (const selector of [
      '.run-button',
      '.timeline-thumb.start',
      '.timeline-thumb.end',
      '.upload-actions .button',
    ]) {
      const box = await page.locator(selector).first().boundingBox();
      expect(box?.height, selector).toBeGreaterThanOrEqual(44);
      expect(box?.width, selector).toBeGreaterThanOrEqual(44);
    }
    await page.close();
  });
});
