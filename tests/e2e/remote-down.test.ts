import { describe, expect, test } from 'vitest';
import { skipReason } from './browser.ts';
import { webStackWithBrowser } from './stack.ts';

/** A remote that cannot be reached: the shell keeps its layout and offers to try again. */
describe.skipIf(skipReason)('a remote that is down', () => {
  // Port 9 (discard) has no listener here: the connection is refused at once.
  const deadManifest = 'http://127.0.0.1:9/tools/mf-manifest.json';
  const web = webStackWithBrowser({ REMOTE_TOOLS_URL: deadManifest });

  test('shows the retry panel inside the layout, and "Try again" really tries again', async () => {
    const page = await web.browser.context.newPage();
    const attempts: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith('http://127.0.0.1:9/')) attempts.push(request.url());
    });
    const response = await page.goto(`${web.url}/tools`);
    expect(response?.status()).toBe(200);
    const panel = page.getByRole('alert').filter({ hasText: 'did not load' });
    await panel.waitFor({ timeout: 20_000 });
    expect(await panel.getByRole('heading').textContent()).toBe('This part of Mediakit did not load');
    // Still the site: header navigation and footer are there, and the head is the page's own.
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(1);
    expect(await page.locator('footer').count()).toBe(1);
    expect(await page.title()).toBe('All video, audio and image tools | Mediakit');
    const before = attempts.length;
    expect(before).toBeGreaterThan(0);

    await panel.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => attempts.length, { timeout: 15_000 }).toBeGreaterThan(before);
    await page.getByRole('button', { name: 'Try again' }).waitFor({ timeout: 20_000 });

    // The rest of the site works: a shell page renders normally.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
    await page.close();
  });
});
