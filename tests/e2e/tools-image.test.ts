import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { heicFromImage } from '@mediakit/media/testing';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, uniqueEmail } from '../support/sign-in.ts';
import { skipReason } from './browser.ts';
import { webStackWithBrowser } from './stack.ts';
import { download, openTool, runAndWait, tempDir, unzip, waitUploaded } from './tools/helpers.ts';

/** A picture with some detail (a gradient and a disc), so encoders have real work to do. */
function picture(width: number, height: number, format: 'png' | 'jpeg' = 'png') {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height * 0.4}" r="${Math.min(width, height) / 4}" fill="#fde68a"/></svg>`;
  const image = sharp(Buffer.from(svg));
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 92 }).toBuffer();
}

/** The image tool pages in real Chromium against the started stack, from upload to download. */
describe.skipIf(skipReason)('image tool pages in Chromium', () => {
  const web = webStackWithBrowser();
  let dir: string;
  const fixtures = { portrait: '', heic: '', pngs: [] as string[], noise: '' };

  beforeAll(async () => {
    dir = await tempDir();
    fixtures.portrait = join(dir, 'me.jpg');
    await writeFile(fixtures.portrait, await picture(800, 600, 'jpeg'));
    const heicSource = join(dir, 'heic-source.png');
    await writeFile(heicSource, await picture(64, 32));
    fixtures.heic = join(dir, 'IMG_0001.HEIC');
    await writeFile(fixtures.heic, await heicFromImage(heicSource));
    for (const [i, [w, h]] of [
      [120, 80],
      [64, 64],
      [33, 90],
    ].entries()) {
      const path = join(dir, `scan-${i + 1}.png`);
      await writeFile(path, await picture(w, h));
      fixtures.pngs.push(path);
    }
    fixtures.noise = join(dir, 'noise.png');
    const noise = Buffer.alloc(300 * 300 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    await sharp(noise, { raw: { width: 300, height: 300, channels: 3 } })
      .png()
      .toFile(fixtures.noise);
  }, 240_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('pancard-photo-resizer: the crop box keeps 25:35 while dragged and resized, and that crop comes back', async () => {
    const { page, errors } = await openTool(web.browser, web.url, '/tool/pancard-photo-resizer');
    await page.locator('input[type=file]').setInputFiles(fixtures.portrait);
    await waitUploaded(page, 1);
    const box = page.locator('.crop-box');
    await box.waitFor();
    await box.scrollIntoViewIfNeeded();
    // Shrink from the bottom-right corner, mostly sideways: the height follows to keep 25:35.
    const corner = await page.locator('.crop-handle.se').boundingBox();
    if (!corner) throw new Error('no corner handle');
    await page.mouse.move(corner.x + corner.width / 2, corner.y + corner.height / 2);
    await page.mouse.down();
    await page.mouse.move(corner.x - 80, corner.y - 20, { steps: 8 });
    await page.mouse.up();
    // Move it right by dragging inside, then one step with the keyboard.
    const inside = await box.boundingBox();
    if (!inside) throw new Error('no crop box');
    await page.mouse.move(inside.x + inside.width / 2, inside.y + inside.height / 2);
    await page.mouse.down();
    await page.mouse.move(inside.x + inside.width / 2 + 60, inside.y + inside.height / 2 + 15, { steps: 8 });
    await page.mouse.up();
    await box.focus();
    await page.keyboard.press('ArrowRight');

    const crop = Object.fromEntries(
      await Promise.all(
        ['x', 'y', 'width', 'height'].map(async (k) => [
          k,
          Number(await page.inputValue(`input[name="crop.${k}"]`)),
        ]),
      ),
    ) as Record<'x' | 'y' | 'width' | 'height', number>;
    expect(crop.width).toBeLessThan(429);
    expect(crop.x).toBeGreaterThan(186);
    expect(Math.abs(crop.width / crop.height - 25 / 35)).toBeLessThan(0.01);
    expect(crop.x + crop.width).toBeLessThanOrEqual(800);
    expect(crop.y + crop.height).toBeLessThanOrEqual(600);

    await runAndWait(page);
    const file = await download(
      page,
      page.locator('.result').getByRole('button', { name: /^Download/ }),
      dir,
    );
    const meta = await sharp(file.bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 197, height: 276, density: 200 });
    expect(file.bytes.length).toBeLessThan(20 * 1024);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('heic-to-jpg through the file input', async () => {
    const { page, errors } = await openTool(web.browser, web.url, '/converter/heic-to-jpg');
    await page.locator('input[type=file]').setInputFiles(fixtures.heic);
    await waitUploaded(page, 1);
    await expect(page.locator('.upload-facts').textContent()).resolves.toMatch(/HEIC · 64 × 32/);
    await runAndWait(page);
    const file = await download(
      page,
      page.locator('.result').getByRole('button', { name: /^Download/ }),
      dir,
    );
    expect(file.name).toBe('IMG_0001.jpg');
    const meta = await sharp(file.bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 32 });
    expect(errors).toEqual([]);
    await page.close();
  });

  test('png-to-webp: lossless hides the quality, and the WebP holds the same pixels', async () => {
    const { page, errors } = await openTool(web.browser, web.url, '/converter/png-to-webp');
    await page.locator('input[type=file]').setInputFiles(fixtures.pngs[0]);
    await waitUploaded(page, 1);
    const quality = page.locator('input[name="quality"]');
    await expect(quality.count()).resolves.toBe(1);
    await page.getByRole('checkbox', { name: 'Lossless' }).check();
    await expect.poll(() => quality.count()).toBe(0);
    await runAndWait(page);
    const file = await download(
      page,
      page.locator('.result').getByRole('button', { name: /^Download/ }),
      dir,
    );
    expect(file.name).toBe('scan-1.webp');
    // Decoded by libwebp's dwebp, not by the sharp that wrote it.
    const pam = join(dir, 'scan-1.pam');
    await promisify(execFile)('dwebp', ['-quiet', '-pam', file.path, '-o', pam]);
    const decoded = await readFile(pam);
    const source = await sharp(fixtures.pngs[0]).ensureAlpha().raw().toBuffer();
    expect(decoded.subarray(decoded.length - source.length).equals(source)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('a batch of three PNGs to JPEG, each with its status, downloaded as one ZIP', async () => {
    const { page, errors } = await openTool(web.browser, web.url, '/converter/png-to-jpg');
    expect(await page.locator('input[type=file]').getAttribute('multiple')).not.toBeNull();
    await page.locator('input[type=file]').setInputFiles(fixtures.pngs);
    await expect.poll(() => page.locator('.upload-item').count()).toBe(3);
    await waitUploaded(page, 3);
    await runAndWait(page);
    const result = page.locator('.result');
    await expect(result.locator('h2').textContent()).resolves.toBe('Your 3 files are ready');
    const zip = await download(page, result.getByRole('button', { name: /Download all as ZIP/ }), dir);
    expect(zip.name).toMatch(/\.zip$/);
    // A guest's ZIP streams from a download link as well (the same path as signed-in users).
    expect(zip.url).toMatch(/\/api\/v1\/files\/[^/]+\/content\?link=[^&]+$/);
    const entries = unzip(zip.bytes);
    expect(entries.map((e) => e.name).sort()).toEqual(['scan-1.jpg', 'scan-2.jpg', 'scan-3.jpg']);
    const sizes = await Promise.all(
      entries
        .sort((a, b) => a.name.localeCompare(b.name))
        .map(async (e) => {
          const meta = await sharp(e.bytes).metadata();
          return [meta.format, meta.width, meta.height];
        }),
    );
    expect(sizes).toEqual([
      ['jpeg', 120, 80],
      ['jpeg', 64, 64],
      ['jpeg', 33, 90],
    ]);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('compress-image: predicted size before, before/after comparison with the actual size after', async () => {
    const { page } = await openTool(web.browser, web.url, '/tool/compress-image');
    await page.locator('input[type=file]').setInputFiles(fixtures.portrait);
    await waitUploaded(page, 1);
    await expect(page.locator('.predicted').textContent({ timeout: 15_000 })).resolves.toMatch(
      /about .+ after compressing \(predicted\)/,
    );
    await page.getByRole('radio', { name: 'High' }).check();
    await runAndWait(page);
    const compare = page.locator('.compare-editor');
    await expect.poll(() => compare.locator('img').count(), { timeout: 15_000 }).toBe(2);
    // The result is really shown: the browser decoded it from its inline download link.
    const after = compare.locator('img.after');
    expect(await after.getAttribute('src')).toMatch(/\/content\?link=[^&]+&inline=1$/);
    await expect
      .poll(
        () =>
          after.evaluate((img) => {
            const image = img as unknown as { complete: boolean; naturalWidth: number };
            return image.complete ? image.naturalWidth : 0;
          }),
        {
          timeout: 15_000,
        },
      )
      .toBeGreaterThan(0);
    await expect(compare.locator('dt').allTextContents()).resolves.toEqual([
      'Original',
      'Predicted',
      'Actual',
    ]);
    await expect(compare.getByTestId('actual-size').textContent()).resolves.toMatch(/% smaller/);
    await page.close();
  });

  test('a job that fails shows the error dialog with its message', async () => {
    const { page } = await openTool(web.browser, web.url, '/tool/compress-image');
    await page.locator('input[type=file]').setInputFiles(fixtures.noise);
    await waitUploaded(page, 1);
    await page.getByRole('radio', { name: 'To a target size' }).check();
    await page.locator('input[name="targetSizeKB"]').fill('0.2');
    await page.locator('.run-button').click();
    const dialog = page.locator('dialog.error-dialog');
    await dialog.waitFor({ timeout: 120_000 });
    await expect(dialog.textContent()).resolves.toMatch(/Uh-oh! Something's Off/);
    await expect(dialog.locator('.error-message').textContent()).resolves.toMatch(/\S/);
    await page.close();
  });

  test('signed in: uploads and progress carry the session; previews and downloads go through links', async () => {
    const account = await signUp(web.url, { name: 'Tools Tester', email: uniqueEmail('tools') });
    const me = (await (
      await fetch(`${web.url}/api/v1/auth/me`, { headers: { authorization: `Bearer ${account.token}` } })
    ).json()) as { sub: string; email: string };
    // The session cookies as the shell writes them after signing in (docs/api.md, "Web app rules").
    const cookie = (name: string, value: string) => ({
      name,
      value: encodeURIComponent(value),
      url: web.url,
      sameSite: 'Strict' as const,
    });
    await web.browser.context.clearCookies();
    await web.browser.context.addCookies([
      cookie('accessToken', account.token),
      cookie('refreshToken', account.refresh),
      cookie('userInfo', JSON.stringify({ sub: me.sub, email: me.email, name: 'Tools Tester' })),
    ]);
    try {
      const { page, errors } = await openTool(web.browser, web.url, '/converter/png-to-jpg');
      const bearers: string[] = [];
      const linked: string[] = [];
      page.on('request', (request) => {
        const { pathname: path, searchParams } = new URL(request.url());
        if (!/^\/api\/v1\/(uploads|jobs|files)/.test(path)) return;
        // File bytes go through download links: no bearer, the link speaks for the owner.
        if (searchParams.has('link'))
          linked.push(
            `${request.method()} ${path.split('/').pop()}${searchParams.has('inline') ? ' inline' : ''} ${request.headers().authorization ? 'bearer' : 'none'}`,
          );
        else
          bearers.push(
            `${request.method()} ${path.split('/')[3]} ${request.headers().authorization ? 'bearer' : 'none'}`,
          );
      });
      await page.locator('input[type=file]').setInputFiles(fixtures.pngs[1]);
      await waitUploaded(page, 1);
      await runAndWait(page);
      const file = await download(
        page,
        page.locator('.result').getByRole('button', { name: /^Download/ }),
        dir,
      );
      expect(await sharp(file.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 64 });
      // The download was the browser's own request to a download link, not a blob of fetched bytes.
      expect(file.url).toMatch(/^http:\/\/[^/]+\/api\/v1\/files\/[^/]+\/content\?link=[^&]+$/);
      // The preview too (a download is the browser's own request, not among the page's events).
      expect(linked).toContain('GET content inline none');
      expect(bearers).toContain('POST files bearer'); // POST /files/{id}/link, with the session
      expect(bearers.length).toBeGreaterThan(3);
      expect(bearers.filter((b) => b.endsWith('none'))).toEqual([]);
      // The link alone opens the file (no header, no cookie), and gives the same bytes.
      const direct = await fetch(file.url);
      expect(direct.status).toBe(200);
      expect(Buffer.from(await direct.arrayBuffer()).equals(file.bytes)).toBe(true);
      // Without the link (and without the session) the same URL is nobody's file.
      expect((await fetch(file.url.replace(/\?link=.*$/, ''))).status).toBe(404);
      // The file is the account's: the API lists it for this user.
      const files = (await (
        await fetch(`${web.url}/api/v1/files`, { headers: { authorization: `Bearer ${account.token}` } })
      ).json()) as { items: { name: string }[] };
      expect(files.items.map((f) => f.name)).toEqual(expect.arrayContaining(['scan-2.png', 'scan-2.jpg']));
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await web.browser.context.clearCookies();
    }
  });

  test('settings are checked before submitting, with the rule in the message', async () => {
    const { page } = await openTool(web.browser, web.url, '/tool/resize-image');
    await page.locator('input[type=file]').setInputFiles(fixtures.pngs[0]);
    await waitUploaded(page, 1);
    await page.locator('input[name="width"]').fill('0');
    const jobs: string[] = [];
    page.on('request', (request) => request.url().endsWith('/api/v1/jobs') && jobs.push(request.method()));
    await page.locator('.run-button').click();
    await expect(page.locator('[data-field="width"] .field-error').textContent()).resolves.toBe(
      'Width must be a whole number between 1 and 65535.',
    );
    expect(await page.locator('input[name="width"]').getAttribute('aria-invalid')).toBe('true');
    expect(jobs).toEqual([]);
    await page.close();
  });
  test('a tool page whose code does not arrive says so, and "Try again" fetches it again', async () => {
    const page = await web.browser.context.newPage();
    const code = await blockCode(page, 'className:"tool-page"');
    await page.goto(`${web.url}/converter/png-to-jpg`);
    const panel = page.getByRole('alert').filter({ hasText: 'did not load' });
    await panel.waitFor({ timeout: 30_000 });
    expect(code.attempts).toBeGreaterThan(0);
    code.blocked = false;
    await panel.getByRole('button', { name: 'Try again' }).click();
    await page.locator('input[type=file]').waitFor({ state: 'attached', timeout: 30_000 });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/PNG to JPG/i);
    await page.close();
  });

  test('a finished job whose result code does not arrive says so; "Try again" shows the result', async () => {
    const { page } = await openTool(web.browser, web.url, '/converter/png-to-jpg');
    const code = await blockCode(page, 'className:"result panel"');
    await page.locator('input[type=file]').setInputFiles(fixtures.pngs[1]);
    await waitUploaded(page, 1);
    await page.locator('.run-button').click();
    const notice = page
      .getByRole('alert')
      .filter({ hasText: 'Your result is ready, but this part of the page' });
    await notice.waitFor({ timeout: 180_000 });
    // Fetched when the job started, and again when it ended: both failed, nothing was kept.
    expect(code.attempts).toBeGreaterThanOrEqual(2);
    code.blocked = false;
    await notice.getByRole('button', { name: 'Try again' }).click();
    await page.locator('.result').waitFor({ timeout: 30_000 });
    const file = await download(
      page,
      page.locator('.result').getByRole('button', { name: /^Download/ }),
      dir,
    );
    expect(await sharp(file.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 64 });
    await page.close();
  });
});

/**
 * Fails the tools remote's JavaScript file that contains `marker` (one of its code-split parts),
 * as a dropped connection would, while `blocked` is true; counts the attempts to fetch it.
 */
async function blockCode(page: Page, marker: string) {
  const state = { blocked: true, attempts: 0 };
  await page.route('**/remotes/tools/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (!body.includes(marker)) return route.fulfill({ response, body });
    state.attempts++;
    return state.blocked ? route.abort('internetdisconnected') : route.fulfill({ response, body });
  });
  return state;
}
