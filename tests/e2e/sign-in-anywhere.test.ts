import { request as httpRequest } from 'node:http';
import { networkInterfaces } from 'node:os';
import { ownIPv4Addresses, readMailbox } from '@mediakit/kit';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { PASSWORD, signInInBrowser } from '../support/sign-in.ts';
import { skipReason } from './browser.ts';
import { webStackWithVisitors } from './stack.ts';
import { expectNoHorizontalOverflow, type Size, screenshot } from './visitor.ts';

/**
 * Issue 23, item 3: `npm start` sets no PUBLIC_URL, and sign-in must work at every address the
 * stack answers on: http://127.0.0.1:<port>, http://localhost:<port> and a LAN address of this
 * machine (a plain-HTTP page there is not a secure context, which keycloak-js's PKCE needs).
 * Each time a fresh visitor signs up, and another signs in, and both end on the dashboard. A
 * forged Host gets no provider, no discovery naming it, no token.
 */
describe.skipIf(skipReason)('sign-in without PUBLIC_URL, at any address of this machine', () => {
  // As npm start runs it: no PUBLIC_URL anywhere, the gateway on every interface.
  const web = webStackWithVisitors({ PUBLIC_URL: undefined, HOST: '0.0.0.0' }, { PUBLIC_URL: undefined });
  let port: number;
  const lan = ownIPv4Addresses(networkInterfaces())[0];
  /** Accounts made at one address, signed in to at the next. */
  const accounts: string[] = [];

  beforeAll(() => {
    port = Number(new URL(web.url).port);
  });

  const origins = () => [
    { name: '127.0.0.1', origin: `http://127.0.0.1:${port}`, size: 'desktop' as Size },
    { name: 'localhost', origin: `http://localhost:${port}`, size: 'phone' as Size },
  ];

  /** Signs a new account up at `origin`, starting from the dashboard's gate; returns its email. */
  async function signUpAt(page: Page, origin: string, shot: string): Promise<string> {
    const email = `anywhere-${Date.now()}-${accounts.length}@example.com`;
    await page.goto(`${origin}/dashboard`);
    // The provider's own page, on the same address the visitor typed.
    await page.waitForURL((u) => u.origin === origin && u.pathname.startsWith('/oidc/'), { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await expectNoHorizontalOverflow(page, `sign-in page at ${origin}`);
    await screenshot(page, `${shot}-sign-in`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Name (optional)').fill('Ada Anywhere');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await landsOnDashboard(page, origin, email);
    await screenshot(page, `${shot}-dashboard`);
    accounts.push(email);
    return email;
  }

  async function signInAt(page: Page, origin: string, email: string): Promise<void> {
    await signInInBrowser(page, origin, email);
    await landsOnDashboard(page, origin, email);
  }

  async function landsOnDashboard(page: Page, origin: string, email: string): Promise<void> {
    await page.waitForURL(`${origin}/dashboard`, { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 30_000 });
    const userInfo = (await page.context().cookies(origin)).find((c) => c.name === 'userInfo');
    expect(JSON.parse(decodeURIComponent(userInfo?.value ?? '{}')).email).toBe(email);
    expect(await page.getByText('Failed to fetch').count()).toBe(0);
  }

  test('a fresh visitor signs up and in at 127.0.0.1 and at localhost', async () => {
    for (const { name, origin, size } of origins()) {
      const newcomer = await web.visitors.fresh(size);
      await signUpAt(newcomer.page, origin, `anywhere-${name}-${size}`);
      expect(newcomer.errors).toEqual([]);
      // Someone else signs in here with the account made at the previous address: one account, any door.
      const returning = await web.visitors.fresh(size);
      await signInAt(returning.page, origin, accounts[0]);
      expect(returning.errors).toEqual([]);
    }
  });

  test('a fresh visitor signs up and in at a LAN address of this machine, over plain HTTP', async (context) => {
    if (!lan) {
      console.log(
        'skipped: this machine has no IPv4 address besides loopback, so there is no LAN address to try',
      );
      context.skip();
      return;
    }
    const origin = `http://${lan}:${port}`;
    const phone = await web.visitors.fresh('phone');
    // Not a secure context: the page must still manage PKCE (web-crypto-fallback.ts).
    await phone.page.goto(`${origin}/`);
    expect(
      await phone.page.evaluate(
        () => (globalThis as unknown as { isSecureContext: boolean }).isSecureContext,
      ),
    ).toBe(false);
    await signUpAt(phone.page, origin, 'anywhere-lan-phone');
    expect(phone.errors).toEqual([]);
    const desktop = await web.visitors.fresh('desktop');
    await signInAt(desktop.page, origin, accounts[0]);
    expect(desktop.errors).toEqual([]);
  });

  test('a password-reset email links to the address the reset was asked from', async () => {
    const email = accounts[0];
    const origin = `http://127.0.0.1:${port}`;
    const { page } = await web.visitors.fresh('desktop');
    await page.goto(`${origin}/?login=true`);
    await page.waitForURL((u) => u.pathname.startsWith('/oidc/'), { timeout: 30_000 });
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    const mail = (await readMailbox(web.stack.dataDir)).find((m) => m.to === email);
    const link = /http:\/\/\S+\/oidc\/reset\/[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0];
    expect(link?.startsWith(`${origin}/oidc/reset/`)).toBe(true);
    // It opens where it says, on the same address.
    await page.goto(link as string);
    await page.getByLabel('New password').waitFor();
  });

  test('a forged Host gets no provider, no discovery naming it and no token', async () => {
    const forged = `evil.example:${port}`;
    const discovery = await get('/oidc/.well-known/openid-configuration', forged);
    expect(discovery.status).toBe(421);
    expect(discovery.body).not.toContain('evil');
    const token = await get('/oidc/token', forged, 'POST', 'grant_type=authorization_code&code=x');
    expect(token.status).toBe(421);
    expect(token.body).not.toContain('evil');
    // The app's settings never name it either: the issuer is localhost's.
    const config = JSON.parse((await get('/api/v1/auth/config', forged)).body);
    expect(config).toMatchObject({
      issuer: `http://localhost:${port}/oidc`,
      appOrigin: `http://localhost:${port}`,
    });
    // While a real address gets its own issuer.
    const real = JSON.parse((await get('/oidc/.well-known/openid-configuration', `127.0.0.1:${port}`)).body);
    expect(real.issuer).toBe(`http://127.0.0.1:${port}/oidc`);
  });

  /** A request to the gateway on 127.0.0.1 with any Host header (fetch does not let one set it). */
  function get(path: string, host: string, method = 'GET', body?: string) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path,
          method,
          headers: {
            host,
            ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }
});
