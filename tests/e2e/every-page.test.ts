import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { signUpInBrowser } from '../support/sign-in.ts';
import { skipReason } from './browser.ts';
import { webStackWithVisitors } from './stack.ts';
import { expectNoHorizontalOverflow, SCREENSHOT_DIR, type Size, screenshot } from './visitor.ts';

/**
 * The shell's own public pages and the gateway's /developers; the catalog's pages and a blog
 * article are added from the API.
 */
const SHELL_PAGES = [
  '/',
  '/tools',
  '/pricing',
  '/blog',
  '/contact-us',
  '/privacy',
  '/terms',
  '/404',
  '/developers',
];
const DASHBOARD_PAGES = [
  '/dashboard',
  '/dashboard/job-status',
  '/dashboard/uploaded-files',
  '/dashboard/tools',
  '/dashboard/webhooks',
  '/dashboard/pricing',
  '/dashboard/contact-us',
  '/dashboard/api-keys',
  '/account',
];

/**
 * Every public page and every dashboard page, at a phone's and a desktop's size, as a new visitor
 * sees it: the page renders its heading without an uncaught error, nothing scrolls sideways, and a
 * full-page screenshot lands in `.tmp/screenshots/pages-<size>-*.png` for a person to look at.
 */
describe.skipIf(skipReason)('every page at both sizes', () => {
  const web = webStackWithVisitors();
  let publicPages: string[];

  beforeAll(async () => {
    const { tools } = (await (await fetch(`${web.url}/api/v1/tools`)).json()) as {
      tools: { name: string; kind: 'tool' | 'converter' }[];
    };
    const { items } = (await (await fetch(`${web.url}/api/v1/blog?limit=1`)).json()) as {
      items: { slug: string }[];
    };
    publicPages = [
      ...SHELL_PAGES,
      ...items.map((article) => `/blog/${article.slug}`),
      ...tools.map((tool) => `/${tool.kind}/${tool.name}`),
    ];
  }, 180_000);

  /** Opens a page as the visitor would and checks what every page owes them. */
  async function look(page: Page, errors: string[], path: string, size: Size): Promise<void> {
    await page.goto(`${web.url}${path}`, { waitUntil: 'networkidle' });
    await page.locator('h1').first().waitFor({ timeout: 30_000 });
    expect(errors, `${path} at ${size}`).toEqual([]);
    await expectNoHorizontalOverflow(page, `${path} at ${size}`);
    await screenshot(page, `pages/${size}${path === '/' ? '-home' : path.replaceAll('/', '-')}`);
  }

  for (const size of ['phone', 'desktop'] as const) {
    test(`public pages, the sign-in page and the dashboard at ${size} size`, async () => {
      const { page, errors } = await web.visitors.fresh(size);
      for (const path of publicPages) await look(page, errors, path, size);

      // The login route leads to the provider's sign-in page, which is a page people meet too.
      await page.goto(`${web.url}/?login=true`);
      await page.waitForURL((u) => u.pathname.startsWith('/oidc/'), { timeout: 30_000 });
      await page.locator('h1').first().waitFor();
      await expectNoHorizontalOverflow(page, `sign-in page at ${size}`);
      await screenshot(page, `pages/${size}-sign-in`);

      await signUpInBrowser(page, web.url, `pages-${size}@example.com`, `Pat ${size}`);
      for (const path of DASHBOARD_PAGES) await look(page, errors, path, size);
      const count = publicPages.length + DASHBOARD_PAGES.length + 1;
      console.log(`${count} screenshots: ${SCREENSHOT_DIR}/pages-${size}-*.png`);
    }, 600_000);
  }
});
