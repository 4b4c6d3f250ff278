import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { PASSWORD, signUpInBrowser } from '../support/sign-in.ts';
import { skipReason } from './browser.ts';
import { webStackWithVisitors } from './stack.ts';
import { expectNoHorizontalOverflow, screenshot } from './visitor.ts';

/**
 * Sign-up, sign-in and sign-out as a visitor does them: the shell's keycloak-js code flow with PKCE
 * through the built-in provider's own pages at /oidc, back to /auth/callback, the app session.
 * The stack has PUBLIC_URL = http://127.0.0.1:<port>, as a deployment with its own address has.
 */
describe.skipIf(skipReason)('account flow in Chromium', () => {
  const web = webStackWithVisitors();

  const cookiesOf = async (page: Page) =>
    Object.fromEntries((await page.context().cookies(web.url)).map((c) => [c.name, c]));

  /** The provider's sign-in form: it asks for the password, so nobody is signed in by it alone. */
  async function expectPasswordAsked(page: Page): Promise<void> {
    await page.waitForURL((u) => u.pathname.startsWith('/oidc/interaction/'), { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.getByLabel('Password').waitFor();
    expect((await cookiesOf(page)).userInfo).toBeUndefined();
  }

  /**
   * Back, after a sign-out: the page it reaches loads anew and signed out. A page that needs a
   * session goes on through the login route to the provider's form, which asks for the password.
   */
  async function expectBackSignedOut(page: Page): Promise<void> {
    await page.goBack();
    const passing = (u: URL) =>
      u.pathname.startsWith('/dashboard') ||
      u.pathname === '/account' ||
      u.pathname.startsWith('/auth/') ||
      u.searchParams.get('login') === 'true' ||
      (u.pathname.startsWith('/oidc/') && !u.pathname.startsWith('/oidc/interaction/'));
    await page.waitForURL((u) => !passing(u), { timeout: 30_000 });
    if (new URL(page.url()).pathname.startsWith('/oidc/')) {
      await expectPasswordAsked(page);
    } else {
      await page.getByRole('link', { name: 'Sign in' }).first().waitFor({ timeout: 15_000 });
      expect((await cookiesOf(page)).userInfo).toBeUndefined();
    }
  }

  test('sign up from the dashboard gate, land on the dashboard; sign out signs out; sign in again', async () => {
    const email = `e2e-${Date.now()}@example.com`;
    const { page, errors } = await web.visitors.fresh('desktop');
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });

    // Signed out: /dashboard sends to the provider's sign-in page; the account made there comes
    // back through /auth/callback to where the visitor wanted to go.
    await signUpInBrowser(page, web.url, email, 'Erin Example');
    await page.getByText('all jobs').waitFor({ timeout: 15_000 });
    const signedIn = await cookiesOf(page);
    expect(JSON.parse(decodeURIComponent(signedIn.userInfo.value))).toMatchObject({
      email,
      name: 'Erin Example',
    });
    expect(signedIn.refreshToken.value).not.toBe('');
    expect(signedIn.accessToken.sameSite).toBe('Strict');
    expect(signedIn.refreshToken.sameSite).toBe('Strict');
    // 30 days for the refresh token and userInfo, 1 day for the access token (within a minute).
    const days = (c: { expires: number }) => Math.round((c.expires - Date.now() / 1000) / 86_400);
    expect(days(signedIn.refreshToken)).toBe(30);
    expect(days(signedIn.userInfo)).toBe(30);
    expect(days(signedIn.accessToken)).toBe(1);

    // The account page shows the profile and plan.
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByText(email).waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { name: 'Plan' }).waitFor();

    // Sign out: straight to the site root, no "Sign out of Mediakit?" page a person could leave
    // (or answer "Stay signed in") while the provider still knew them.
    visited.length = 0;
    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await page.waitForURL(`${web.url}/`, { timeout: 20_000 });
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor({ timeout: 15_000 });
    expect(visited.filter((u) => new URL(u).pathname.startsWith('/oidc/'))).toEqual([]);
    const signedOut = await cookiesOf(page);
    expect(signedOut.refreshToken).toBeUndefined();
    expect(signedOut.userInfo).toBeUndefined();
    await screenshot(page, 'account-signed-out-desktop');

    // The next person at this computer: going back, or to /dashboard, asks for the password.
    await expectBackSignedOut(page);
    await page.goto(`${web.url}/dashboard`);
    await expectPasswordAsked(page);
    await screenshot(page, 'account-after-sign-out-dashboard-desktop');

    // Sign in again with the new account and its password.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${web.url}/dashboard`, { timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 15_000 });
    expect(JSON.parse(decodeURIComponent((await cookiesOf(page)).userInfo.value)).email).toBe(email);
    expect(errors).toEqual([]);
  });

  test('on a phone, sign out then Back and /dashboard ask for the password', async () => {
    const email = `e2e-phone-${Date.now()}@example.com`;
    const { page, errors } = await web.visitors.fresh('phone');
    await signUpInBrowser(page, web.url, email);

    // The account page's own "Sign out" (the header's may sit in a menu on a phone).
    await page.goto(`${web.url}/account`);
    await page.getByText(email).waitFor({ timeout: 15_000 });
    await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${web.url}/`, { timeout: 20_000 });
    expect((await cookiesOf(page)).userInfo).toBeUndefined();
    await expectNoHorizontalOverflow(page, 'home after sign-out on a phone');
    await screenshot(page, 'account-signed-out-phone');

    await expectBackSignedOut(page);
    expect(await page.getByText(email).count()).toBe(0);
    await page.goto(`${web.url}/dashboard`);
    await expectPasswordAsked(page);
    await expectNoHorizontalOverflow(page, 'sign-in page on a phone');
    await screenshot(page, 'account-after-sign-out-dashboard-phone');
    expect(errors).toEqual([]);
  });

  test('at another address than PUBLIC_URL, the login route says where sign-in works', async () => {
    // PUBLIC_URL is http://127.0.0.1:<port>; the same stack also answers at localhost.
    const elsewhere = web.url.replace('127.0.0.1', 'localhost');
    for (const size of ['phone', 'desktop'] as const) {
      const { page, errors } = await web.visitors.fresh(size);
      await page.goto(`${elsewhere}/?login=true&returnTo=%2Fdashboard`);
      const alert = page.getByRole('alert');
      await alert
        .getByText(`Sign-in works at ${web.url}. Open Mediakit there to sign in.`)
        .waitFor({ timeout: 15_000 });
      expect(await page.getByText('Failed to fetch').count()).toBe(0);
      const link = alert.getByRole('link', { name: `Open ${web.url}` });
      expect(await link.getAttribute('href')).toBe(`${web.url}/?login=true&returnTo=%2Fdashboard`);
      await expectNoHorizontalOverflow(page, `login route elsewhere (${size})`);
      await screenshot(page, `login-route-elsewhere-${size}`);
      // The link leads to the provider's sign-in page at the right address.
      await link.click();
      await page.waitForURL((u) => u.origin === web.url && u.pathname.startsWith('/oidc/'), {
        timeout: 20_000,
      });
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      expect(errors).toEqual([]);
    }
  });
});
