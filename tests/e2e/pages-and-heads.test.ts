import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { skipReason } from './browser.ts';
import { webStackWithVisitors } from './stack.ts';
import { expectNoHorizontalOverflow, SIZES, type Size, screenshot } from './visitor.ts';

/** Not the default (1 hour): the privacy and terms pages must show this installation's own value. */
const GUEST_RETENTION_HOURS = 3;
const ENGINE_NAMES = /\b(ffmpeg|ffprobe|libvips|mozjpeg|libheif|imagemagick)\b/i;

interface Head {
  title: string;
  description: string | null;
  keywords: string | null;
  robots: string | null;
  canonical: string | null;
  ogType: string | null;
  ogTitle: string | null;
  ogDescription: string | null;
  ogUrl: string | null;
  jsonLd: unknown[];
}

/** What the page's head says, as a crawler that runs scripts would read it. */
function readHead(page: Page): Promise<Head> {
  return page.evaluate(() => {
    // Runs in the page; the tests' TypeScript has no DOM types.
    type El = { getAttribute(name: string): string | null; textContent: string | null };
    const { document } = globalThis as unknown as {
      document: { title: string; querySelector(s: string): El | null; querySelectorAll(s: string): El[] };
    };
    const attr = (selector: string, name = 'content') =>
      document.querySelector(selector)?.getAttribute(name) ?? null;
    return {
      title: document.title,
      description: attr('meta[name="description"]'),
      keywords: attr('meta[name="keywords"]'),
      robots: attr('meta[name="robots"]'),
      canonical: attr('link[rel="canonical"]', 'href'),
      ogType: attr('meta[property="og:type"]'),
      ogTitle: attr('meta[property="og:title"]'),
      ogDescription: attr('meta[property="og:description"]'),
      ogUrl: attr('meta[property="og:url"]'),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
        JSON.parse(s.textContent ?? 'null'),
      ),
    };
  });
}

/** Pages and heads as a first visit meets them: item 9 and 13 of issue 23. */
describe.skipIf(skipReason)('first visit: heads after navigation, favicon, footer, privacy and terms', () => {
  const web = webStackWithVisitors({}, { PLAN_FREE_RETENTION_HOURS: String(GUEST_RETENTION_HOURS) });
  /** PUBLIC_URL: what the server names in canonical links. */
  /** The same stack under another name, as a visitor on `localhost` reaches it. */
  let elsewhere: string;

  beforeAll(async () => {
    elsewhere = web.url.replace('127.0.0.1', 'localhost');
  }, 180_000);

  /** The head a direct load of `path` has: the server's, in the first HTML response. */
  async function directHead(path: string): Promise<Head> {
    const { page } = await web.visitors.fresh('desktop');
    const response = await page.goto(`${elsewhere}${path}`, { waitUntil: 'domcontentloaded' });
    expect(response?.status(), path).toBe(200);
    const head = await readHead(page);
    await page.close();
    return head;
  }

  /** After a click, the head becomes the one a direct load of the new address gives. */
  async function expectHeadOfDirectLoad(page: Page, path: string) {
    await page.waitForURL((address) => address.pathname === path);
    const expected = await directHead(path);
    await expect.poll(() => readHead(page), { timeout: 15_000 }).toEqual(expected);
    return expected;
  }

  const footerLink = (page: Page, name: string) =>
    page.getByRole('contentinfo').getByRole('link', { name, exact: true });

  test('clicking from page to page, each head (description, canonical, Open Graph, JSON-LD) is the direct load’s', async () => {
    const { page, errors } = await web.visitors.fresh('desktop');
    await page.goto(`${elsewhere}/`);
    await page.locator('h1').first().waitFor();

    const tool = page.locator('main a[href^="/tool/"]').first();
    const toolPath = (await tool.getAttribute('href')) as string;
    await tool.click();
    const toolHead = await expectHeadOfDirectLoad(page, toolPath);
    // The canonical link names the public address, not the one this browser came in on.
    expect(toolHead.canonical).toBe(`${web.url}${toolPath}`);
    expect(toolHead.ogUrl).toBe(`${web.url}${toolPath}`);
    expect(toolHead.jsonLd).toMatchObject([{ '@type': 'SoftwareApplication', url: `${web.url}${toolPath}` }]);

    await footerLink(page, 'Pricing').click();
    expect((await expectHeadOfDirectLoad(page, '/pricing')).jsonLd).toEqual([]);

    await footerLink(page, 'Blog').click();
    await expectHeadOfDirectLoad(page, '/blog');

    const article = page.locator('main a[href^="/blog/"]').first();
    const articlePath = (await article.getAttribute('href')) as string;
    await article.click();
    const articleHead = await expectHeadOfDirectLoad(page, articlePath);
    expect(articleHead).toMatchObject({ ogType: 'article', canonical: `${web.url}${articlePath}` });
    expect(articleHead.keywords).toBeTruthy();
    expect(articleHead.jsonLd).toMatchObject([{ '@type': 'BlogPosting' }]);

    await footerLink(page, 'Privacy').click();
    await expectHeadOfDirectLoad(page, '/privacy');
    // Back to where it started: the home page's head again, its WebSite search box included.
    await page.locator('header a[href="/"]').first().click();
    expect((await expectHeadOfDirectLoad(page, '/')).jsonLd).toMatchObject([{ '@type': 'WebSite' }]);
    expect(errors).toEqual([]);
  });

  test('a signed-out visit to /dashboard lands on the login route with the home page’s head, indexable', async () => {
    const { page } = await web.visitors.fresh('phone');
    // The sign-in never gets going, so the page stays on the login route to be looked at.
    await page.route('**/api/v1/auth/config', () => {});
    await page.route('**/oidc/**', () => {});
    const first = await page.goto(`${web.url}/dashboard`);
    // The first response is the dashboard's own head, kept out of search engines.
    expect(await first?.text()).toContain('<meta name="robots" content="noindex">');
    await page.waitForURL((u) => u.pathname === '/' && u.searchParams.get('login') === 'true');
    const home = await directHead('/');
    expect(home).toMatchObject({ canonical: `${web.url}/`, robots: null });
    await expect.poll(() => readHead(page), { timeout: 15_000 }).toEqual(home);
  });

  test('/favicon.ico is the brand mark; the icons a page links load in the browser', async () => {
    const { page } = await web.visitors.fresh('desktop');
    const icon = await page.request.get(`${web.url}/favicon.ico`);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/^image\//);
    // Read back without the browser: an icon directory of PNGs, a white ▶ on the indigo square.
    const ico = await icon.body();
    expect(ico.readUInt16LE(2)).toBe(1);
    const sizes: number[] = [];
    for (let i = 0; i < ico.readUInt16LE(4); i++) {
      const entry = 6 + 16 * i;
      const png = ico.subarray(
        ico.readUInt32LE(entry + 12),
        ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8),
      );
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => [
        ...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4),
      ];
      const mid = Math.floor(info.width / 2);
      expect(at(mid - 1, mid)).toEqual([255, 255, 255, 255]);
      const [r, g, b, a] = at(Math.floor(info.width * 0.15), mid);
      expect(b).toBeGreaterThan(180);
      expect(r + g).toBeLessThan(200);
      expect(a).toBe(255);
      sizes.push(info.width);
    }
    expect(sizes).toEqual([16, 32, 48]);

    await page.goto(`${web.url}/pricing`);
    const loaded = await page.evaluate(async () => {
      type Img = { src: string; naturalWidth: number; decode(): Promise<void> };
      const { document, Image } = globalThis as unknown as {
        document: { querySelectorAll(s: string): { href: string }[] };
        Image: new () => Img;
      };
      const links = [...document.querySelectorAll('link[rel~="icon"], link[rel="apple-touch-icon"]')];
      return Promise.all(
        links.map(async ({ href }) => {
          const image = new Image();
          image.src = href;
          await image.decode();
          return { href: new URL(href).pathname, width: image.naturalWidth };
        }),
      );
    });
    expect(loaded.map((l) => l.href).sort()).toEqual([
      '/apple-touch-icon.png',
      '/favicon.ico',
      '/favicon.svg',
    ]);
    for (const { href, width } of loaded) expect(width, href).toBeGreaterThan(0);
  });

  test.each(Object.keys(SIZES) as Size[])(
    'on a %s: the footer reaches privacy and terms, which show this installation’s retention',
    async (size) => {
      const { page, errors } = await web.visitors.fresh(size);
      await page.goto(`${web.url}/`);
      for (const name of ['Tools', 'Pricing', 'Blog', 'Contact', 'Privacy', 'Terms']) {
        const box = await footerLink(page, name).boundingBox();
        expect(box?.height, name).toBeGreaterThanOrEqual(44);
      }
      await screenshot(page, `footer-home-${size}`);

      await footerLink(page, 'Privacy').click();
      await page.getByRole('heading', { level: 1, name: 'Privacy' }).waitFor();
      const retention = `${GUEST_RETENTION_HOURS} hours after upload`;
      await page.getByRole('row', { name: `Without an account ${retention}` }).waitFor();
      expect(await page.getByText(retention).count()).toBeGreaterThan(1); // in the summary too
      await expectHeadOfDirectLoad(page, '/privacy');
      expect((await readHead(page)).title).toBe('Privacy | Mediakit');
      expect(await page.locator('main').textContent()).not.toMatch(ENGINE_NAMES);
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `privacy-${size}`);

      await footerLink(page, 'Terms').click();
      await page.getByRole('heading', { level: 1, name: 'Terms of use' }).waitFor();
      await page.getByText(`${GUEST_RETENTION_HOURS} hours after upload without an account`).waitFor();
      await page.getByText(`Files kept ${GUEST_RETENTION_HOURS} hours`).waitFor();
      await expectHeadOfDirectLoad(page, '/terms');
      expect(await page.locator('main').textContent()).not.toMatch(ENGINE_NAMES);
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `terms-${size}`);
      expect(errors).toEqual([]);
    },
  );

  test('the sitemap lists privacy and terms; both are pages (200), not the 404', async () => {
    const sitemap = await (await fetch(`${web.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${web.url}/privacy</loc>`);
    expect(sitemap).toContain(`<loc>${web.url}/terms</loc>`);
    for (const path of ['/privacy', '/terms'])
      expect((await fetch(`${web.url}${path}`)).status, path).toBe(200);
  });
});
