import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type BrowserContext, type Browser as Chromium, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { chromiumPath } from './browser.ts';

/** The two screens a first visit is tried on: a phone held upright (touch) and a laptop. */
export const SIZES = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
} as const;
export type Size = keyof typeof SIZES;

/** Where screenshots go (`.tmp/` is ignored by git); look at them after a run. */
export const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../.tmp/screenshots');

export interface Visit {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page, for the test to assert none. */
  errors: string[];
}

export interface Visitors {
  /** A brand-new visitor: a new browser context (no cookies, no storage, empty cache) at that size. */
  fresh(size?: Size): Promise<Visit>;
  close(): Promise<void>;
}

/**
 * Real Chromium for tests that start as a new visitor. Unlike `launchBrowser()` (one persistent
 * profile per file), each `fresh()` is its own context, so nothing of an earlier test (a guest
 * cookie, a session) helps the next one.
 */
export async function launchVisitors(): Promise<Visitors> {
  const browser: Chromium = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const contexts: BrowserContext[] = [];
  return {
    async fresh(size = 'desktop') {
      const context = await browser.newContext({ ...SIZES[size] });
      contexts.push(context);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      return { context, page, errors };
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => {});
      await browser.close();
    },
  };
}

/** Fails when the page scrolls sideways (wider than the screen it is shown on). */
export async function expectNoHorizontalOverflow(page: Page, label = page.url()): Promise<void> {
  // A string, as this file is type-checked without the DOM's types.
  const { scrollWidth, innerWidth } = await page.evaluate<{ scrollWidth: number; innerWidth: number }>(
    '({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth })',
  );
  expect(scrollWidth, `${label} is ${scrollWidth}px wide on a ${innerWidth}px screen`).toBeLessThanOrEqual(
    innerWidth,
  );
}

/** A full-page screenshot under `.tmp/screenshots/<name>.png`; returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name.replace(/[^a-z0-9._-]+/gi, '-')}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
