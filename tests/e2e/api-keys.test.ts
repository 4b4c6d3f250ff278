import { describe, expect, test } from 'vitest';
import { signUpInBrowser } from '../support/sign-in.ts';
import { skipReason } from './browser.ts';
import { webStackWithVisitors } from './stack.ts';
import { expectNoHorizontalOverflow, type Size, screenshot } from './visitor.ts';

/**
 * The dashboard's API keys page at phone and desktop sizes: a key is made with the form (a missing
 * name and scope are said at the fields), its secret shown once and copied, it works against the
 * API within its scope, its use shows in the list, and revoking (after a confirmation) stops it.
 */
describe.skipIf(skipReason)('the API keys page', () => {
  const web = webStackWithVisitors();

  const api = (path: string, secret: string, method = 'GET') =>
    fetch(`${web.url}/api/v1${path}`, { method, headers: { authorization: `Bearer ${secret}` } });

  for (const size of ['phone', 'desktop'] as Size[]) {
    test(`make, copy, use and revoke a key (${size})`, { timeout: 180_000 }, async () => {
      const { page, context, errors } = await web.visitors.fresh(size);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: web.url });
      await signUpInBrowser(page, web.url, `keys-${size}-${Date.now()}@example.com`, 'Kim Keys');

      await page
        .getByRole('navigation', { name: 'Dashboard' })
        .getByRole('link', { name: 'API keys' })
        .click();
      await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor({ timeout: 20_000 });
      await page.getByText('No API keys yet.').waitFor();

      await page.getByRole('button', { name: 'New API key' }).click();
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.getByText('Give the key a name, such as the script or machine that uses it.').waitFor();
      await page.getByText('Choose at least one scope.').waitFor();
      await expectNoHorizontalOverflow(page, `/dashboard/api-keys form (${size})`);
      await screenshot(page, `api-keys-${size}-form`);
      await page.getByLabel('Name').fill('Nightly export');
      await page.getByRole('checkbox', { name: /files:read/ }).check();
      await page.getByLabel('Expires').selectOption({ label: '30 days' });
      await page.getByRole('button', { name: 'Create key' }).click();

      const field = page.getByRole('textbox', { name: 'The new API key' });
      await field.waitFor({ timeout: 15_000 });
      await page.getByText('you will not see it again').waitFor();
      const secret = await field.inputValue();
      expect(secret).toMatch(/^mk_[A-Za-z0-9_-]{22}_[A-Za-z0-9_-]{43}$/);
      await page.getByRole('button', { name: 'Copy', exact: true }).click();
      await page.getByText('The key was copied.').waitFor();
      expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(secret);
      await expectNoHorizontalOverflow(page, `/dashboard/api-keys with a new key (${size})`);
      await screenshot(page, `api-keys-${size}-new-secret`);

      // The key works within its scope only.
      expect((await api('/files', secret)).status).toBe(200);
      expect((await api('/jobs', secret)).status).toBe(403);

      await page.getByRole('button', { name: 'Done' }).click();
      await page.reload();
      const row = page.getByRole('list', { name: 'API keys' }).getByRole('listitem');
      await row.getByText('Nightly export').waitFor({ timeout: 15_000 });
      expect(await row.textContent()).toMatch(/files:read.*last used just now · expires /);
      await expectNoHorizontalOverflow(page, `/dashboard/api-keys (${size})`);
      await screenshot(page, `api-keys-${size}-list`);

      await row.getByRole('button', { name: 'Revoke' }).click();
      const dialog = page.getByRole('dialog', { name: 'Revoke this API key?' });
      await dialog.getByRole('button', { name: 'Revoke key' }).click();
      await page.getByText('Nightly export was revoked: it no longer works.').waitFor({ timeout: 15_000 });
      await page.getByText('No API keys yet.').waitFor();
      expect((await api('/files', secret)).status).toBe(401);
      expect(errors).toEqual([]);
    });
  }
});
