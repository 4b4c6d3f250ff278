import { CATALOG_GROUPS } from '@mediakit/page-meta/page-meta';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { signUpInBrowser } from '../support/sign-in.ts';
import { skipReason } from './browser.ts';
import { webStackWithVisitors } from './stack.ts';
import { expectNoHorizontalOverflow, type Size, screenshot } from './visitor.ts';

/**
 * The home page on a phone stays within about four screens (390×844), footer included: six groups of
 * six to eight picks since audio joined (3,087 px measured), up from three screens for four groups.
 */
const HOME_PHONE_MAX_PX = 3300;
/** One row of the header: its controls are 44 px high, so two rows could not be under this. */
const ONE_ROW_MAX_PX = 80;
const GROUPS = CATALOG_GROUPS.map((group) => group.heading);
const SIZES: Size[] = ['phone', 'desktop'];

/** The few DOM members the checks read inside the page (the tests' tsconfig has no DOM library). */
interface Rect {
  top: number;
  height: number;
}
interface InPage {
  getBoundingClientRect(): Rect;
  ownerDocument: {
    activeElement: unknown;
    documentElement: { scrollHeight: number };
    createRange(): { selectNodeContents(node: unknown): void; getBoundingClientRect(): Rect };
  };
}

/** Vertical centres of an element's box and of the text inside it (the text's own line box). */
const centres = (locator: Locator) =>
  locator.evaluate((element) => {
    const el = element as unknown as InPage;
    const range = el.ownerDocument.createRange();
    range.selectNodeContents(el);
    const text = range.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return { box: box.top + box.height / 2, text: text.top + text.height / 2, height: box.height };
  });
const topOf = (locator: Locator) =>
  locator.evaluate((el) => Math.round((el as unknown as InPage).getBoundingClientRect().top));
const isFocused = (locator: Locator) =>
  locator.evaluate((el) => (el as unknown as InPage).ownerDocument.activeElement === el);
const pageHeight = (page: Page) =>
  page.locator('html').evaluate((el) => (el as unknown as InPage).ownerDocument.documentElement.scrollHeight);

/**
 * Issue 23, items 10 and 11, as a first-time visitor sees them at both sizes: the home page
 * (search first, grouped, every group with its icon and a way to all of it, short on a phone), the
 * header (one row; a menu on phones) and the "Sign in" label centred in its button.
 */
describe.skipIf(skipReason)('first visit: the home page and the header', () => {
  const web = webStackWithVisitors();

  async function visit(size: Size, path: string) {
    const visit = await web.visitors.fresh(size);
    await visit.page.goto(`${web.url}${path}`, { waitUntil: 'networkidle' });
    return visit;
  }

  const groupSection = (page: Page, heading: string) =>
    page.locator('main section').filter({ has: page.getByRole('heading', { level: 2, name: heading }) });

  for (const size of SIZES) {
    test(`${size}: search first, every group with its icon and links to all of them, short`, async () => {
      const { page, errors } = await visit(size, '/');
      for (const heading of GROUPS) await groupSection(page, heading).waitFor({ timeout: 15_000 });

      // Search is the first thing to type into, and the first control of the page's content, on screen.
      const search = page.getByRole('searchbox', { name: 'Search the tools' });
      const firstField = page.locator('input, select, textarea').first();
      expect(await firstField.getAttribute('id')).toBe(await search.getAttribute('id'));
      const firstInMain = page.locator('main').locator('input, select, textarea, button').first();
      expect(await firstInMain.getAttribute('id')).toBe(await search.getAttribute('id'));
      const box = await search.boundingBox();
      expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThan(page.viewportSize()?.height ?? 0);

      for (const heading of GROUPS) {
        const section = groupSection(page, heading);
        // The group's icon sits in its heading, hidden from screen readers (the heading names it).
        expect(
          await section.getByRole('heading', { level: 2 }).locator('svg[aria-hidden="true"]').count(),
        ).toBe(1);
        const entries = section.getByRole('listitem');
        const shown = await entries.count();
        expect(shown, heading).toBeGreaterThanOrEqual(4);
        const all = section.getByRole('link', { name: new RegExp(`^All \\d+ ${heading.toLowerCase()}$`) });
        expect(await all.getAttribute('href')).toBe(`/tools#${heading.toLowerCase().replace(' ', '-')}`);
        const total = Number((await all.textContent())?.match(/\d+/)?.[0]);
        expect(total, heading).toBeGreaterThanOrEqual(shown);
        if (heading.endsWith('tools')) {
          // Tools as rows, each with its own icon.
          expect(await entries.locator('svg').count(), heading).toBe(shown);
        } else {
          // Converters as compact chips that read "MOV to MP4".
          for (const name of await entries.getByRole('link').allTextContents())
            expect(name, heading).toMatch(/^[A-Za-z0-9-]+ to [A-Za-z0-9]+$/);
        }
      }

      // The reasons say what the visitor gets, not which programs do the work.
      expect(await page.getByRole('heading', { level: 2, name: 'Why Mediakit' }).count()).toBe(1);
      expect(await page.locator('body').textContent()).not.toMatch(/ffmpeg|libvips/i);

      const height = await pageHeight(page);
      if (size === 'phone') expect(height, 'the home page on a phone').toBeLessThanOrEqual(HOME_PHONE_MAX_PX);
      await expectNoHorizontalOverflow(page, `/ (${size})`);
      await screenshot(page, `home-${size}`);

      // "All 8 image tools" opens /tools at that group, which holds as many entries as the link says.
      const imageTools = groupSection(page, 'Image tools').getByRole('link', {
        name: /^All \d+ image tools$/,
      });
      const count = Number((await imageTools.textContent())?.match(/\d+/)?.[0]);
      await imageTools.click();
      await page.waitForURL(`${web.url}/tools#image-tools`);
      const group = page.locator('#image-tools');
      await group.locator('.card').first().waitFor({ timeout: 15_000 });
      expect(await group.locator('.card').count()).toBe(count);
      await expect.poll(() => topOf(group)).toBeLessThan(40);
      expect(await group.locator('.card svg').count()).toBe(count);

      // Back home, a tool row and a converter chip each open their page.
      await page.goBack();
      await groupSection(page, 'Video tools').getByRole('link', { name: 'Trim Video' }).click();
      await page.waitForURL(`${web.url}/tool/trim-video`);
      await page.getByRole('heading', { level: 1, name: 'Trim Video Online' }).waitFor({ timeout: 15_000 });
      await page.goBack();
      await groupSection(page, 'Image converters').getByRole('link', { name: 'HEIC to JPG' }).click();
      await page.waitForURL(`${web.url}/converter/heic-to-jpg`);
      await page.getByRole('heading', { level: 1, name: /HEIC to JPG/ }).waitFor({ timeout: 15_000 });

      // The search leads to the filtered list.
      await page.goto(`${web.url}/`);
      await search.fill('heic');
      await search.press('Enter');
      await page.waitForURL(`${web.url}/tools?q=heic`);
      // heic-to-jpg, heic-to-png, heic-to-webp and heic-to-avif.
      await expect.poll(() => page.locator('main .card').count(), { timeout: 15_000 }).toBe(4);
      expect(errors).toEqual([]);
    });
  }

  test('phone: the header is one row; its menu opens, closes (Escape, a link, a tap outside) and its links work', async () => {
    const { page, errors } = await visit('phone', '/');
    const header = page.locator('header.site-header');
    const menuButton = header.getByRole('button', { name: 'Menu' });
    const signIn = header.getByRole('link', { name: 'Sign in' });
    const brand = header.getByRole('link', { name: 'Mediakit home' });
    const nav = page.getByRole('navigation', { name: 'Main' });

    expect((await header.boundingBox())?.height).toBeLessThanOrEqual(ONE_ROW_MAX_PX);
    const rows = await Promise.all([brand, signIn, menuButton].map((l) => centres(l)));
    for (const row of rows) expect(Math.abs(row.box - rows[0].box)).toBeLessThanOrEqual(2);
    const button = await menuButton.boundingBox();
    expect(Math.min(button?.width ?? 0, button?.height ?? 0)).toBeGreaterThanOrEqual(44);
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);

    await menuButton.click();
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    await nav.waitFor();
    for (const name of ['Tools', 'Pricing', 'Blog', 'Contact']) {
      const link = nav.getByRole('link', { name });
      expect(await link.isVisible(), name).toBe(true);
      expect((await link.boundingBox())?.height, name).toBeGreaterThanOrEqual(44);
    }
    await expectNoHorizontalOverflow(page, 'the open menu');
    await screenshot(page, 'header-menu-open-phone');
    // The panel follows its button: Tab goes from the button to the first link.
    await menuButton.focus();
    await page.keyboard.press('Tab');
    expect(await isFocused(nav.getByRole('link', { name: 'Tools' }))).toBe(true);

    // Escape closes it and gives focus back to the button.
    await page.keyboard.press('Escape');
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);
    expect(await isFocused(menuButton)).toBe(true);

    // A tap outside closes it.
    await menuButton.click();
    await page.touchscreen.tap(4, 800); // the page's margin, below the panel
    await expect.poll(() => menuButton.getAttribute('aria-expanded')).toBe('false');

    // A link goes there and closes it; the same for the page already shown.
    await menuButton.click();
    await nav.getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL(`${web.url}/pricing`);
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor({ timeout: 15_000 });
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    await menuButton.click();
    await nav.getByRole('link', { name: 'Pricing' }).click();
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    await menuButton.click();
    await nav.getByRole('link', { name: 'Tools' }).click();
    await page.waitForURL(`${web.url}/tools`);
    await page.getByRole('heading', { level: 1, name: 'All tools' }).waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
  });

  test('desktop: the header is one row with its links in it, and no menu button', async () => {
    const { page } = await visit('desktop', '/');
    const header = page.locator('header.site-header');
    expect((await header.boundingBox())?.height).toBeLessThanOrEqual(ONE_ROW_MAX_PX);
    expect(await header.getByRole('button', { name: 'Menu' }).count()).toBe(0);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const brand = await centres(header.getByRole('link', { name: 'Mediakit home' }));
    for (const name of ['Tools', 'Pricing', 'Blog', 'Contact', 'Sign in']) {
      const link = name === 'Sign in' ? header.getByRole('link', { name }) : nav.getByRole('link', { name });
      expect(await link.isVisible(), name).toBe(true);
      expect(Math.abs((await centres(link)).box - brand.box), name).toBeLessThanOrEqual(2);
    }
    await nav.getByRole('link', { name: 'Blog' }).click();
    await page.waitForURL(`${web.url}/blog`);
  });

  test('"Sign in" is centred in its button, and /tools and a tool page fit, at both sizes', async () => {
    for (const size of SIZES) {
      for (const path of ['/', '/tools', '/tool/trim-video']) {
        const { page, errors } = await visit(size, path);
        await page.locator('main h1').first().waitFor({ timeout: 15_000 });
        const signIn = page.locator('header').getByRole('link', { name: 'Sign in' });
        const { box, text, height } = await centres(signIn);
        expect(height, `${path} (${size})`).toBeGreaterThanOrEqual(44);
        expect(
          Math.abs(box - text),
          `"Sign in" on ${path} (${size}): label ${text}, button ${box}`,
        ).toBeLessThanOrEqual(1.5);
        if (path === '/tools') {
          await page.locator('main .card').first().waitFor({ timeout: 15_000 });
          const cards = await page.locator('main .card').count();
          expect(await page.locator('main .card svg[aria-hidden="true"]').count()).toBe(cards);
        }
        await expectNoHorizontalOverflow(page, `${path} (${size})`);
        await screenshot(page, `${path === '/' ? 'home' : path.slice(1).replace(/\//g, '-')}-${size}-signin`);
        expect(errors, `${path} (${size})`).toEqual([]);
        await page.context().close();
      }
    }
  });

  test('phone, signed in: the account links are in the menu; the dashboard lists tools with their icons', async () => {
    const { page, errors } = await web.visitors.fresh('phone');
    await signUpInBrowser(page, web.url, `home-header-${Date.now()}@example.com`, 'Phone Visitor');
    const header = page.locator('header.site-header');
    expect((await header.boundingBox())?.height).toBeLessThanOrEqual(ONE_ROW_MAX_PX);
    expect(await header.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    // The overview's quick links are catalog cards, each with its icon.
    const quick = page.locator('.quick-links .card');
    await quick.first().waitFor({ timeout: 15_000 });
    expect(await page.locator('.quick-links .card svg').count()).toBe(await quick.count());

    const menuButton = header.getByRole('button', { name: 'Menu' });
    await menuButton.click();
    for (const name of ['Dashboard', 'Account'])
      expect(await header.getByRole('link', { name }).isVisible()).toBe(true);
    expect(await header.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    await expectNoHorizontalOverflow(page, 'the open menu, signed in');
    await screenshot(page, 'header-menu-open-phone-signed-in');
    await header.getByRole('link', { name: 'Account' }).click();
    await page.waitForURL(`${web.url}/account`);
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');

    await page.goto(`${web.url}/dashboard/tools`);
    const cards = page.locator('main .card');
    await cards.first().waitFor({ timeout: 15_000 });
    expect(await page.locator('main .card svg[aria-hidden="true"]').count()).toBe(await cards.count());
    await expectNoHorizontalOverflow(page, '/dashboard/tools (phone)');
    expect(errors).toEqual([]);
  });

  test('a first visit straight to /tools#video-converters opens at that group', async () => {
    const { page } = await visit('phone', '/tools#video-converters');
    const group = page.locator('#video-converters');
    await group.locator('.card').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => topOf(group)).toBeLessThan(40);
    expect(await group.getByRole('heading', { level: 2 }).textContent()).toBe('Video converters');
  });
});
