import type { Page, Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { signUpInBrowser } from '../support/sign-in.ts';
import { skipReason } from './browser.ts';
import { webStackWithVisitors } from './stack.ts';
import { expectNoHorizontalOverflow, type Size, screenshot } from './visitor.ts';

/**
 * A new account changes plan and looks at /account in the same session (issue 23, items 5 and 6),
 * at phone and desktop sizes: the billing country is found by its name ("germ", "Germany") and
 * saved as its code, and /account shows the plan just chosen and then the scheduled downgrade.
 */
describe.skipIf(skipReason)('plan changes seen on /account, billing country by name', () => {
  const web = webStackWithVisitors();

  /** The header's Account link (behind the menu button where a phone header has one). */
  async function openAccount(page: Page): Promise<void> {
    const link = page.getByRole('banner').getByRole('link', { name: 'Account', exact: true });
    if (!(await link.isVisible()))
      await page.getByRole('banner').getByRole('button', { name: /menu/i }).click();
    await link.click();
    await page.getByRole('heading', { level: 2, name: 'Plan', exact: true }).waitFor({ timeout: 15_000 });
  }

  /** The /account page's plan facts: "Plan" and, when one is, "Scheduled". */
  const fact = (page: Page, term: string) =>
    page.getByRole('region', { name: 'Plan', exact: true }).locator(`dt:text-is("${term}") + dd`);

  /**
   * Holds /account's reads of the plan (as a slow phone network would) until released, so what the
   * page shows is what it had when it opened, not what a refetch brought later.
   */
  async function holdPlanReads(page: Page): Promise<() => Promise<void>> {
    const pattern = /\/api\/v1\/(auth\/me|account\/subscription)(\?|$)/;
    const held: Route[] = [];
    const hold = (route: Route) => {
      if (route.request().method() === 'GET') held.push(route);
      else void route.continue();
    };
    await page.route(pattern, hold);
    return async () => {
      for (const route of held) await route.continue();
      await page.unroute(pattern, hold);
    };
  }

  /** The text of the focused element (a string: this file is type-checked without the DOM's types). */
  const focusedText = (page: Page) => page.evaluate<string>('document.activeElement?.textContent ?? ""');

  async function subscription(page: Page) {
    const token = (await page.context().cookies(web.url)).find((c) => c.name === 'accessToken')?.value;
    const response = await fetch(`${web.url}/api/v1/account/subscription`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { plan: string; pendingPlan?: string; billing?: { country: string } };
  }

  for (const size of ['phone', 'desktop'] as Size[]) {
    test(`upgrade with the country typed by name, then downgrade, /account follows (${size})`, {
      timeout: 180_000,
    }, async () => {
      const { page, errors } = await web.visitors.fresh(size);
      await signUpInBrowser(page, web.url, `plan-${size}-${Date.now()}@example.com`, 'Greta Germany');

      await openAccount(page);
      expect(await fact(page, 'Plan').textContent()).toBe('Free');
      await page.getByRole('link', { name: 'Change plan' }).click();
      await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upgrade to Pro' });
      await dialog.getByLabel('Name or company').fill('Greta Germany');
      await dialog.getByLabel('Address').fill('Unter den Linden 1, 10117 Berlin');

      // "germ" already finds Germany first, and never Georgia (GE).
      const country = dialog.getByRole('combobox', { name: 'Country' });
      await country.pressSequentially('germ');
      const options = dialog.getByRole('listbox', { name: 'Countries' }).getByRole('option');
      expect(await options.first().textContent()).toMatch(/^Germany\s*DE$/);
      expect(await options.allTextContents()).not.toContainEqual(expect.stringMatching(/Georgia/));
      await country.pressSequentially('any');
      await expectNoHorizontalOverflow(page, `country suggestions (${size})`);
      await screenshot(page, `account-plan-country-${size}`);
      if (size === 'phone') {
        await options.filter({ hasText: 'Germany' }).first().tap();
      } else {
        // Escape closes the suggestions, not the dialog; ↓ opens them again and Enter picks.
        await page.keyboard.press('Escape');
        await dialog.getByRole('listbox', { name: 'Countries' }).waitFor({ state: 'hidden' });
        expect(await dialog.isVisible()).toBe(true);
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
      }
      expect(await country.inputValue()).toBe('Germany');
      expect(await dialog.getByRole('listbox', { name: 'Countries' }).isVisible()).toBe(false);
      await dialog.getByRole('button', { name: 'Upgrade to Pro' }).click();
      await page.locator('.Toastify').getByText('You are on Pro now.').waitFor({ timeout: 15_000 });
      // The button that opened the dialog is a badge now: focus is on the heading naming the plan.
      expect(await focusedText(page)).toBe('Pro $9.00 / month');
      // What the server saved: the code of Germany.
      expect(await subscription(page)).toMatchObject({ plan: 'pro', billing: { country: 'DE' } });

      // /account, opened by the app's own link with its reads held back, already says Pro.
      let release = await holdPlanReads(page);
      await openAccount(page);
      expect(await fact(page, 'Plan').textContent()).toBe('Pro ($9.00 / month)');
      await release();

      // A downgrade is scheduled for the period's end; /account says so, with the same date.
      await page.getByRole('link', { name: 'Change plan' }).click();
      await page.getByRole('button', { name: 'Downgrade to Free' }).click();
      const down = page.getByRole('dialog', { name: 'Downgrade to Free' });
      await down.getByRole('button', { name: 'Downgrade to Free' }).click();
      const scheduled = page.getByText(/^Changes to Free on /);
      await scheduled.waitFor({ timeout: 15_000 });
      expect(await focusedText(page)).toBe('Pro $9.00 / month');
      const date = ((await scheduled.textContent()) ?? '').replace(/^Changes to Free on (.+)\.$/, '$1');
      expect(await subscription(page)).toMatchObject({ plan: 'pro', pendingPlan: 'free' });

      release = await holdPlanReads(page);
      await openAccount(page);
      expect(await fact(page, 'Plan').textContent()).toBe('Pro ($9.00 / month)');
      expect(await fact(page, 'Scheduled').textContent()).toBe(`Pro until ${date}, then Free`);
      await release();
      await expectNoHorizontalOverflow(page, `/account (${size})`);
      await screenshot(page, `account-plan-scheduled-${size}`);
      expect(errors).toEqual([]);
    });
  }
});
