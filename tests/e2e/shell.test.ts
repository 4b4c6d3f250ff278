import { catalog } from '@mediakit/catalog';
import { CATALOG_GROUPS } from '@mediakit/page-meta/page-meta';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { FIRST_LOAD_JS_BUDGET_KB, firstLoadJs } from '../../bench/lib/first-load-js.ts';
import { skipReason } from './browser.ts';
import { webStackWithBrowser } from './stack.ts';
import { launchVisitors, screenshot } from './visitor.ts';

/** The shell in real Chromium against the started stack: heads, pages, the dialog, the login gate. */
describe.skipIf(skipReason)('web shell in Chromium', () => {
  const web = webStackWithBrowser();

  async function open(path: string): Promise<{ page: Page; status: number | undefined; errors: string[] }> {
    const page = await web.browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const response = await page.goto(`${web.url}${path}`, { waitUntil: 'networkidle' });
    return { page, status: response?.status(), errors };
  }

  const jsonLd = (page: Page) =>
    page.$$eval('script[type="application/ld+json"]', (scripts) =>
      scripts.map((s) => JSON.parse(s.textContent ?? '')),
    );
  const meta = (page: Page, selector: string, attribute = 'content') =>
    page.$eval(selector, (el, a) => el.getAttribute(a), attribute).catch(() => null);

  test('every public route has its own title, description, canonical link and Open Graph tags', async () => {
    const routes: Record<string, { title: string; heading: string | RegExp }> = {
      '/': {
        title: 'Mediakit: free online video, audio and image tools, no watermark',
        heading: /without a watermark/,
      },
      '/tools': { title: 'All video, audio and image tools | Mediakit', heading: 'All tools' },
      '/pricing': { title: 'Pricing | Mediakit', heading: 'Pricing' },
      '/blog': { title: 'Blog | Mediakit', heading: 'Blog' },
      '/contact-us': { title: 'Contact us | Mediakit', heading: 'Contact us' },
      '/tool/trim-video': { title: 'Trim Video Online | Mediakit', heading: 'Trim Video Online' },
      '/converter/heic-to-jpg': { title: 'Convert HEIC to JPG Online | Mediakit', heading: /HEIC to JPG/ },
    };
    for (const [path, expected] of Object.entries(routes)) {
      const { page, status, errors } = await open(path);
      expect(status, path).toBe(200);
      expect(await page.title(), path).toBe(expected.title);
      expect(await meta(page, 'meta[name="description"]'), path).toBeTruthy();
      expect(await meta(page, 'link[rel="canonical"]', 'href'), path).toBe(`${web.url}${path}`);
      expect(await meta(page, 'meta[property="og:title"]'), path).toBe(expected.title);
      await expect
        .poll(() => page.locator('h1').first().textContent(), { timeout: 15_000 })
        .toMatch(expected.heading instanceof RegExp ? expected.heading : new RegExp(`^${expected.heading}$`));
      expect(errors, path).toEqual([]);
      await page.close();
    }
  });

  test('JSON-LD: a WebSite with a SearchAction on the home page, a SoftwareApplication on tool pages', async () => {
    const home = await open('/');
    const [site] = await jsonLd(home.page);
    expect(site['@type']).toBe('WebSite');
    expect(site.potentialAction.target.urlTemplate).toBe(`${web.url}/tools?q={search_term_string}`);
    await home.page.close();

    const tool = await open('/converter/mov-to-mp4');
    const [app] = await jsonLd(tool.page);
    expect(app['@type']).toBe('SoftwareApplication');
    expect(app.offers).toMatchObject({ price: '0', priceCurrency: 'USD' });
    expect(app.aggregateRating).toMatchObject({ ratingValue: '4.5', ratingCount: '150' });
    await tool.page.close();
  });

  test('unknown paths answer 404 and show the Page Not Found page with a link home', async () => {
    for (const path of ['/no/such/page', '/404', '/tool/not-a-tool']) {
      const { page, status } = await open(path);
      expect(status, path).toBe(404);
      expect(await page.title(), path).toBe('Page Not Found');
      await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor({ timeout: 15_000 });
      expect(
        await page.getByText('The page you are looking for could not be found.').count(),
      ).toBeGreaterThan(0);
      await page.getByRole('link', { name: 'Go back to the homepage' }).click();
      await page.waitForURL(`${web.url}/`);
      await page.close();
    }
  });

  test('the tools remote: grouped catalog, live ?q= filter, a page per entry with its settings', async () => {
    const { page } = await open('/tools');
    for (const { heading } of CATALOG_GROUPS) {
      await expect.poll(() => page.getByRole('heading', { name: heading, level: 2 }).count()).toBe(1);
    }
    expect(await page.locator('.card').count()).toBe(catalog.length);
    await page.getByLabel('Filter the tools').fill('heic');
    // heic-to-jpg, heic-to-png, heic-to-webp and heic-to-avif.
    await expect.poll(() => page.locator('.card').count()).toBe(4);
    expect(page.url()).toBe(`${web.url}/tools?q=heic`);
    await page.getByRole('link', { name: /HEIC to JPG/ }).click();
    await page.waitForURL(`${web.url}/converter/heic-to-jpg`);
    await expect.poll(() => page.getByRole('heading', { name: 'Settings' }).count()).toBe(1);
    expect(await page.getByText(/quality/i).count()).toBeGreaterThan(0);
    // No upload button until the upload flow exists (issue 8): nothing on the page pretends to work.
    expect(await page.getByRole('button', { name: /upload/i }).count()).toBe(0);
    await page.close();
  });

  test('a failing call shows the error dialog with the API’s message and log; "Okay, got it!" closes it', async () => {
    const page = await web.browser.context.newPage();
    await page.route('**/api/v1/plans', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 'internal',
          message: 'The plans are resting.',
          error_log: 'trace line 1',
        }),
      }),
    );
    await page.goto(`${web.url}/pricing`);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe("Uh-oh! Something's Off");
    expect(await dialog.getByText('The plans are resting.').count()).toBe(1);
    await dialog.getByText('Technical details').click();
    expect(await dialog.getByText('trace line 1').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Okay, got it!' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // Nothing on the page opened it (the page's own request failed): focus waits on its heading.
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Pricing');
    await page.close();
  });

  test(`a first visit on a phone downloads at most ${FIRST_LOAD_JS_BUDGET_KB} KB gzip of JavaScript, on tool pages too`, async () => {
    // Measured as the bench measures it (bench/lib/first-load-js.ts), each page by a new visitor.
    const visitors = await launchVisitors();
    try {
      for (const [path, heading] of [
        ['/', 'Free video, audio and image tools, without a watermark'],
        ['/tools', 'All tools'],
        ['/tool/trim-video', 'Trim Video'],
        ['/converter/png-to-jpg', 'PNG to JPG'],
      ]) {
        const { page, errors } = await visitors.fresh('phone');
        const js = await firstLoadJs(page, `${web.url}${path}`);
        // The page a visitor came for is there, with what its first load brought.
        expect(await page.locator('h1').first().textContent(), path).toContain(heading);
        const files = js.largest.map((f) => `${f.path} ${(f.gzipBytes / 1000).toFixed(1)}`).join(', ');
        expect(js.gzipBytes / 1000, `${path}: ${files}`).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET_KB);
        expect(errors, path).toEqual([]);
        await page.context().close();
      }
    } finally {
      await visitors.close();
    }
  });

  test('the first HTML names the scripts of the first load, each fetched once; only the page’s own chunks come later', async () => {
    // The page's own code: the pricing page's chunk; a tool page's article and copy chunks.
    for (const [path, later] of [
      ['/pricing', 1],
      ['/tool/trim-video', 2],
    ] as const) {
      const page = await web.browser.context.newPage();
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      const response = await page.goto(`${web.url}${path}`, { waitUntil: 'networkidle' });
      // The HTML as served (the live page also holds the script elements the chunk loader adds).
      const html = (await response?.text()) ?? '';
      const named = [...html.matchAll(/<script [^>]*src="([^"]+)"|<link [^>]*href="([^"]+)"[^>]*>/g)]
        .filter((match) => match[1] || (/rel="preload"/.test(match[0]) && /as="script"/.test(match[0])))
        .map((match) => new URL(match[1] ?? match[2], web.url).pathname);
      // main.js, the shell's app and shared libraries; on a tool page also the remote's entry and routes.
      expect(named.length, path).toBeGreaterThanOrEqual(path === '/pricing' ? 5 : 7);
      // A preload the page's loader did not match would be fetched twice (or never used).
      for (const file of named)
        expect(
          scripts.filter((s) => s === file),
          `${path}: ${file}`,
        ).toHaveLength(1);
      expect(
        scripts.filter((s) => !named.includes(s)),
        path,
      ).toHaveLength(later);
      await page.close();
    }
  });

  test('a tool page’s data is preloaded by the HTML and asked for once: the page uses the preload', async () => {
    const page = await web.browser.context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/tools/trim-video') asked.push(request.resourceType());
    });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) warnings.push(message.text());
    });
    const response = await page.goto(`${web.url}/tool/trim-video`);
    expect(await response?.text()).toContain(
      '<link rel="preload" href="/api/v1/tools/trim-video" as="fetch" crossorigin="anonymous">',
    );
    await page.locator('p.lead').waitFor({ timeout: 30_000 });
    // Chromium warns about a preload left unused a few seconds after the load.
    await page.waitForTimeout(3500);
    // One request, the preload's: the page's own fetch() was answered from it, not sent again.
    expect(asked).toHaveLength(1);
    expect(warnings).toEqual([]);
    await page.close();
  });

  test('a toast whose code could not load (offline) does not stop the next toast from showing', async () => {
    const page = await web.browser.context.newPage();
    // react-toastify's chunk fails, as when the connection drops, until `blocked` is lifted.
    let blocked = true;
    let attempts = 0;
    await page.route('**/*.js', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (!body.includes('Toastify__toast-container')) return route.fulfill({ response, body });
      attempts++;
      return blocked ? route.abort('internetdisconnected') : route.fulfill({ response, body });
    });
    await page.goto(`${web.url}/contact-us`);
    const send = async (message: string) => {
      await page.getByLabel('Your name').fill('Ada Lovelace');
      await page.getByLabel('Email').fill('ada@example.com');
      await page.getByLabel('Message').fill(message);
      await page.getByRole('button', { name: 'Send message' }).click();
    };
    const toast = page.locator('.Toastify').getByText('Thank you! Your message was sent.');

    await send('A first question, sent while the toasts cannot load.');
    await page.getByText('Your message was sent. We have emailed you a confirmation.').waitFor();
    await expect.poll(() => attempts).toBeGreaterThan(0);
    expect(await toast.count()).toBe(0);

    blocked = false;
    await send('A second question, once back online.');
    await toast.waitFor({ timeout: 15_000 });
    await page.close();
  });

  test('a login route whose code could not load (offline) says so, and "Try again" goes on to sign in', async () => {
    const page = await web.browser.context.newPage();
    // The login route's chunk fails, as when the connection drops, until `blocked` is lifted.
    let blocked = true;
    await page.route('**/*.js', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (blocked && body.includes('Taking you to the sign-in page'))
        return route.abort('internetdisconnected');
      return route.fulfill({ response, body });
    });
    await page.goto(`${web.url}/?login=true`);
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'Sign-in could not start: part of this page did not load.' });
    await alert.waitFor({ timeout: 15_000 });
    expect(await alert.textContent()).toContain('Check your connection and try again.');
    await screenshot(page, 'login-route-offline-desktop');
    blocked = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/oidc/'), { timeout: 15_000 });
    await page.close();
  });

  test('signed-out visitors of /dashboard go to the login route, remembering where they were', async () => {
    const page = await web.browser.context.newPage();
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await page.goto(`${web.url}/dashboard/job-status`);
    await expect
      .poll(
        () =>
          visited.some((u) => u.startsWith(`${web.url}/?login=true&returnTo=%2Fdashboard%2Fjob-status`)) ||
          page.url().includes('login=true'),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    // Then on to the provider's sign-in page.
    await page.waitForURL((u) => u.pathname.startsWith('/oidc/'), { timeout: 15_000 });
    await page.close();
  });
});
