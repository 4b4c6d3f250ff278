import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestStack } from '../integration/stack.ts';
import { type Browser, launchBrowser, skipReason } from './browser.ts';
import { startWebStack } from './stack.ts';

/**
 * Sign-up, sign-in and sign-out as a visitor does them: the shell's keycloak-js code flow with PKCE
 * through the built-in provider's own pages at /oidc, back to /auth/callback, the app session.
 */
describe.skipIf(skipReason)('account flow in Chromium', () => {
  let stack: TestStack;
  let url: string;
  let browser: Browser;

  beforeAll(async () => {
    ({ stack, url } = await startWebStack());
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.teardown();
  });

  const cookies = async () =>
    Object.fromEntries((await browser.context.cookies(url)).map((c) => [c.name, c]));

  test('sign up from the dashboard gate, land on the dashboard, sign out, sign in again', async () => {
    const email = `e2e-${Date.now()}@example.com`;
    const password = 'correct horse battery staple';
    const page = await browser.context.newPage();

    // Signed out: /dashboard sends to the provider's sign-in page.
    await page.goto(`${url}/dashboard`);
    await page.waitForURL((u) => u.pathname.startsWith('/oidc/'), { timeout: 20_000 });
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Name (optional)').fill('Erin Example');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();

    // Back through /auth/callback to where the visitor wanted to go.
    await page.waitForURL(`${url}/dashboard`, { timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 15_000 });
    await page.getByText('all jobs').waitFor({ timeout: 15_000 });
    const signedIn = await cookies();
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

    // Sign out: the session ends here and at the provider (which asks to confirm), back to the root.
    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await page.waitForURL((u) => u.pathname === '/oidc/session/end', { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Sign out of Mediakit?' }).waitFor();
    await page.waitForLoadState('load');
    await Promise.all([
      page.waitForURL((u) => u.pathname === '/', { timeout: 20_000, waitUntil: 'commit' }),
      page.getByRole('button', { name: 'Sign out', exact: true }).click(),
    ]);
    await page.getByRole('link', { name: 'Sign in' }).waitFor({ timeout: 15_000 });
    const signedOut = await cookies();
    expect(signedOut.refreshToken).toBeUndefined();
    expect(signedOut.userInfo).toBeUndefined();

    // Sign in again with the new account: the provider asks for the password (its session ended too).
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/oidc/'), { timeout: 20_000 });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${url}/`, { timeout: 20_000 });
    await page.getByRole('link', { name: 'Account' }).waitFor({ timeout: 15_000 });
    expect(JSON.parse(decodeURIComponent((await cookies()).userInfo.value)).email).toBe(email);
    await page.close();
  });
});
