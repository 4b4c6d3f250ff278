import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { skipReason } from './browser.ts';
import { webStackWithVisitors } from './stack.ts';
import { expectNoHorizontalOverflow, screenshot } from './visitor.ts';

/**
 * "Paste a link" on a tool page (issue 28): the server fetches a file from a local server the
 * stack allows (OUTBOUND_ALLOWED_CIDRS), and it joins the inputs like an upload.
 */
describe.skipIf(skipReason)('paste a link on a tool page', () => {
  const web = webStackWithVisitors({}, {}, { OUTBOUND_ALLOWED_CIDRS: '127.0.0.1/32' });
  let server: Server;
  let origin: string;
  // The photo is held back until the test has seen its card say "Fetching…".
  let release: () => void = () => {};

  beforeAll(async () => {
    const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#d35' } })
      .png()
      .toBuffer();
    server = createServer((req, res) => {
      if (!req.url?.startsWith('/photos/sunset')) return res.writeHead(404).end('gone');
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      void held.then(() => res.writeHead(200, { 'content-type': 'image/png' }).end(png));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => {
    server?.closeAllConnections();
    server?.close();
  });

  test.each(['phone', 'desktop'] as const)(
    'on a %s, a pasted link becomes an input, and a dead one says why',
    async (size) => {
      const { page, errors } = await web.visitors.fresh(size);
      await page.goto(`${web.url}/converter/png-to-jpg`);
      const field = page.getByLabel('Or paste a link');
      const add = page.getByRole('button', { name: 'Add from link' });
      await field.waitFor({ timeout: 30_000 });
      expect(await add.isDisabled()).toBe(true);

      // Enter submits; the card waits for the server, and so does the run.
      await field.fill(`${origin}/photos/sunset-${size}`);
      expect(await add.isEnabled()).toBe(true);
      await field.press('Enter');
      const fetching = page.locator('.upload-item[data-status="fetching"]');
      await fetching.waitFor({ timeout: 30_000 });
      await expect(fetching.textContent()).resolves.toContain('Fetching…');
      expect(await page.locator('.run-button').isDisabled()).toBe(true);
      await expect(field.inputValue()).resolves.toBe('');
      await screenshot(page, `link-import-fetching-${size}`);
      release();

      const ready = page.locator('.upload-item[data-status="ready"]');
      await ready.waitFor({ timeout: 30_000 });
      await expect(ready.locator('.upload-name').textContent()).resolves.toBe(`sunset-${size}.png`);
      await expect.poll(() => page.locator('.run-button').isEnabled()).toBe(true);

      // A link that answers 404 fails on its own card with the server's sentence.
      await field.fill(`${origin}/gone.png`);
      await add.click();
      const failed = page.locator('.upload-item[data-status="failed"]');
      await failed.waitFor({ timeout: 30_000 });
      await expect(failed.getByRole('alert').textContent()).resolves.toBe(
        'The server answered 404 Not Found instead of the file. Check that the link works in a browser.',
      );
      // A link pasted without its scheme, as an address bar gives it, goes on Enter too (the
      // browser's own URL check must not stop it) and gets the server's sentence.
      await field.fill('localhost/photo.png');
      await field.press('Enter');
      const refused = page.locator('.upload-item[data-status="failed"]').nth(1);
      await refused.waitFor({ timeout: 30_000 });
      await expect(refused.getByRole('alert').textContent()).resolves.toContain(
        'private or local network address',
      );
      await expectNoHorizontalOverflow(page, `png-to-jpg with a link import (${size})`);
      await screenshot(page, `link-import-${size}`);

      // Removing the dead ones frees the run; the imported photo converts like an upload.
      await refused.getByRole('button', { name: 'Remove photo.png' }).click();
      await failed.getByRole('button', { name: 'Remove gone.png' }).click();
      await page.locator('.run-button').click();
      await page.locator('.result').waitFor({ timeout: 180_000 });
      expect(errors).toEqual([]);
    },
  );
});
