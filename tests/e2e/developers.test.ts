import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { skipReason } from './browser.ts';
import { webStackWithVisitors } from './stack.ts';
import { expectNoHorizontalOverflow, SCREENSHOT_DIR } from './visitor.ts';

/** The screen as the visitor sees it (the whole reference is one very long page). */
async function screenshot(page: Page, name: string) {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

/**
 * /developers as a new visitor meets it, from the site's footer, on a phone and a laptop: the API
 * reference renders the guide and the operations with their code samples, without a console error
 * (a CSP violation is one) and without a single request leaving this origin (no CDN, no web font,
 * no telemetry). Screenshots: `.tmp/screenshots/developers-<size>-*.png`.
 */
describe.skipIf(skipReason)('the developers page', () => {
  const web = webStackWithVisitors();

  for (const size of ['phone', 'desktop'] as const) {
    test(`on a ${size}: from the footer to the guide and POST /jobs with its samples`, async () => {
      const { page, errors } = await web.visitors.fresh(size);
      const foreign: string[] = [];
      page.on('request', (request) => {
        const url = request.url();
        if (!url.startsWith(`${web.url}/`) && !/^(data|blob):/.test(url)) foreign.push(url);
      });
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });

      await page.goto(`${web.url}/`);
      await page.getByRole('contentinfo').getByRole('link', { name: 'Developers', exact: true }).click();
      await page.waitForURL(`${web.url}/developers`);
      await expect(page.title()).resolves.toBe('Developers: the API reference and guide | Mediakit');
      await expect(page.getByRole('link', { name: 'Mediakit' }).first().getAttribute('href')).resolves.toBe(
        '/',
      );

      // The guide comes first: its sections are the reference's introduction.
      await page.getByRole('heading', { name: 'Authenticate' }).waitFor({ timeout: 30_000 });
      for (const section of ['Upload a file', 'Run a tool', 'Webhooks', 'Rate limits', 'The command line'])
        await page.getByRole('heading', { name: section, exact: true }).waitFor();
      await expectNoHorizontalOverflow(page, `/developers at ${size}`);
      await screenshot(page, `developers-${size}-guide`);

      // An operation by its address in the reference, with a curl sample aimed at this installation.
      await page.goto(`${web.url}/developers#tag/jobs/POST/api/v1/jobs`);
      await page.getByRole('heading', { name: /^Run a tool on files/ }).waitFor({ timeout: 30_000 });
      await page.getByText(`curl ${web.url}/api/v1/jobs`).first().waitFor();
      await expectNoHorizontalOverflow(page, `POST /jobs at ${size}`);
      await screenshot(page, `developers-${size}-jobs`);

      expect(errors, 'console errors and uncaught exceptions').toEqual([]);
      expect(foreign, 'requests that left this origin').toEqual([]);
    }, 120_000);
  }
});
