import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { signInInBrowser, signUpInBrowser } from '../support/sign-in.ts';
import { skipReason } from './browser.ts';
import { adminSession, convertInPage, userSub } from './dashboard/helpers.ts';
import { webStackWithVisitors } from './stack.ts';
import { expectNoHorizontalOverflow, type Size, screenshot } from './visitor.ts';

const ADMIN_EMAIL = 'operator@example.com';

/** What the checks below read inside the page (this file is type-checked without the DOM's types). */
interface InPage {
  document: {
    activeElement: unknown;
    createElement(tag: 'canvas'): {
      getContext(kind: '2d'): { font: string; measureText(text: string): { width: number } };
    };
  };
  getComputedStyle(element: unknown): {
    font: string;
    fontSize: string;
    paddingLeft: string;
    paddingRight: string;
  };
}
interface SelectBox {
  clientWidth: number;
  options: ArrayLike<{ text: string }>;
}

/**
 * The dashboard as a new account first meets it (issue 23, item 15), fresh visitors at phone and
 * desktop sizes: the overview's plan card, the plan page's heading and (absent) payment notice,
 * the Blog tab only for editors, the "open in tool" select wide enough for its tools, and focus
 * back on the button that opened a dialog. Then the operator (role admin): the test-payments
 * notice and the Blog tab.
 */
describe.skipIf(skipReason)('dashboard polish for fresh visitors', () => {
  const web = webStackWithVisitors({}, { ADMIN_EMAIL });
  let admin: Awaited<ReturnType<typeof adminSession>>;

  beforeAll(async () => {
    admin = await adminSession(web.url, ADMIN_EMAIL);
  }, 180_000);

  const tab = (page: Page, name: string) =>
    page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name, exact: true });
  /** A tap on a phone, a click on a desktop. */
  const press = (size: Size, target: Locator) => (size === 'phone' ? target.tap() : target.click());
  const isFocused = (target: Locator) =>
    target.evaluate((element) => element === (globalThis as unknown as InPage).document.activeElement);

  for (const size of ['phone', 'desktop'] as Size[]) {
    test(`a new user's overview, plan page, menu, file list and dialogs (${size})`, {
      timeout: 180_000,
    }, async () => {
      const { page, errors } = await web.visitors.fresh(size);
      await signUpInBrowser(page, web.url, `polish-${size}-${Date.now()}@example.com`, 'Polly Polish');

      // Overview: "Manage plan" on a line of its own below the limits ("2 jobs at onceManage plan").
      const planCard = page.locator('.stat').filter({ hasText: 'Manage plan' });
      await planCard.waitFor({ timeout: 30_000 });
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text (lines) is the point
      expect(await planCard.innerText()).toMatch(/jobs? at once\n+Manage plan$/);
      const limits = await planCard.locator('.stat-label').boundingBox();
      const link = await planCard.getByRole('link', { name: 'Manage plan' }).boundingBox();
      expect(link && limits && link.y >= limits.y + limits.height).toBe(true);
      // The Blog tab is for editors; the other sections are all there.
      for (const name of ['Overview', 'Jobs', 'Uploaded files', 'Tools', 'Plan', 'Support'])
        expect(await tab(page, name).count(), name).toBe(1);
      expect(await tab(page, 'Blog').count()).toBe(0);
      await expectNoHorizontalOverflow(page, `/dashboard (${size})`);
      await screenshot(page, `dashboard-overview-${size}`);

      // The plan page: the plan named once, no payment notice for a regular user.
      await press(size, tab(page, 'Plan'));
      const upgrade = page.getByRole('button', { name: 'Upgrade to Pro' });
      await upgrade.waitFor({ timeout: 15_000 });
      expect(await page.locator('#plan-current').textContent()).toBe('Free');
      expect(await page.locator('.plan.current').getByText('Free', { exact: true }).count()).toBe(1);
      expect(await page.getByText(/No payment was taken|Test payments/).count()).toBe(0);
      await expectNoHorizontalOverflow(page, `/dashboard/pricing (${size})`);
      await screenshot(page, `dashboard-plan-${size}`);

      // A dialog closed with Escape, or its Cancel button, gives focus back to its opener.
      await press(size, upgrade);
      const dialog = page.getByRole('dialog', { name: 'Upgrade to Pro' });
      await dialog.waitFor();
      expect(await dialog.getByText(/No payment was taken|Test payments/).count()).toBe(0);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await isFocused(upgrade)).toBe(true);
      const business = page.getByRole('button', { name: 'Upgrade to Business' });
      await press(size, business);
      const businessDialog = page.getByRole('dialog', { name: 'Upgrade to Business' });
      await press(size, businessDialog.getByRole('button', { name: 'Cancel' }));
      await businessDialog.waitFor({ state: 'hidden' });
      expect(await isFocused(business)).toBe(true);

      // A finished job and its upload.
      const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#cc6622' } })
        .png()
        .toBuffer();
      await convertInPage(
        page,
        { name: 'sunset.png', type: 'image/png', bytes: png },
        { tool: 'png-to-jpg' },
      );
      await press(size, tab(page, 'Jobs'));
      const job = page.getByRole('listitem', { name: /PNG to JPG.*, succeeded$/ });
      await job.waitFor({ timeout: 60_000 });
      const remove = job.getByRole('button', { name: 'Delete' });
      const confirm = page.getByRole('dialog', { name: 'Delete this job?' });
      // Delete, then Escape: focus is on that Delete button again.
      await press(size, remove);
      await confirm.waitFor();
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'hidden' });
      expect(await isFocused(remove)).toBe(true);
      // The same where a press does not focus the button (Safari): a click that moves no focus.
      await remove.evaluate((element) => (element as { blur(): void }).blur());
      await remove.dispatchEvent('pointerdown');
      await remove.dispatchEvent('click');
      await confirm.waitFor();
      await press(size, confirm.getByRole('button', { name: 'Close' }));
      await confirm.waitFor({ state: 'hidden' });
      expect(await isFocused(remove)).toBe(true);
      // Confirmed, the job (and its button) goes: focus waits on the page's heading, not lost.
      await press(size, remove);
      await press(size, confirm.getByRole('button', { name: 'Delete job' }));
      await confirm.waitFor({ state: 'hidden' });
      await job.waitFor({ state: 'detached', timeout: 15_000 });
      expect(await isFocused(page.getByRole('heading', { level: 1, name: 'Job status' }))).toBe(true);

      // Uploaded files: every tool's name fits the "open in tool" select, whichever is chosen.
      await press(size, tab(page, 'Uploaded files'));
      const select = page.getByLabel('Tool to open sunset.png in');
      await select.waitFor({ timeout: 15_000 });
      const cut = await select.evaluate((element) => {
        const w = globalThis as unknown as InPage;
        const box = element as unknown as SelectBox;
        const style = w.getComputedStyle(element);
        const text = w.document.createElement('canvas').getContext('2d');
        text.font = style.font;
        // The room for text: the box less its padding and the arrow (about a line high).
        const room =
          box.clientWidth -
          Number.parseFloat(style.paddingLeft) -
          Number.parseFloat(style.paddingRight) -
          Number.parseFloat(style.fontSize);
        return Array.from(box.options, (o) => o.text).filter((name) => text.measureText(name).width > room);
      });
      expect(cut, 'tool names cut off in the select').toEqual([]);
      await expectNoHorizontalOverflow(page, `/dashboard/uploaded-files (${size})`);
      await screenshot(page, `dashboard-files-${size}`);

      // The server decides about the blog: its address typed in still says "Not allowed".
      await page.goto(`${web.url}/dashboard/blogs`);
      await page.getByRole('heading', { level: 1, name: 'Not allowed' }).waitFor({ timeout: 20_000 });
      expect(await tab(page, 'Blog').count()).toBe(0);

      if (size === 'desktop') {
        // Made an editor: the blog opens and its tab shows, without signing in again.
        const sub = await userSub(page, web.url);
        expect((await admin.call('PUT', `/admin/users/${sub}/roles`, { roles: ['editor'] })).status).toBe(
          200,
        );
        await page.reload();
        await page.getByRole('heading', { level: 1, name: 'Blog articles' }).waitFor({ timeout: 20_000 });
        await tab(page, 'Blog').waitFor({ timeout: 15_000 });
      }
      expect(errors).toEqual([]);
    });
  }

  test('the operator sees the test-payments notice and the Blog tab', { timeout: 120_000 }, async () => {
    const { page, errors } = await web.visitors.fresh('desktop');
    await signInInBrowser(page, web.url, ADMIN_EMAIL);
    await tab(page, 'Blog').waitFor();
    await tab(page, 'Plan').click();
    await page
      .getByRole('note')
      .getByText(
        'Test payments: plan changes are recorded and nobody is charged. Connect a payment provider to take payments',
      )
      .waitFor({ timeout: 15_000 });
    expect(await page.getByText('No payment was taken').count()).toBe(0);
    await screenshot(page, 'dashboard-plan-operator-desktop');
    expect(errors).toEqual([]);
  });
});
