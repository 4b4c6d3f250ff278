import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * How every test gets a signed-in user: through the public API (integration, hardening, and e2e
 * tests that need a second account such as staff) or through the provider's pages in a real
 * browser (e2e). One password and one way to make an address that no other test uses.
 */

/** The password of every account the tests create. */
export const PASSWORD = 'correct horse battery staple';

let counter = 0;
/** An address no other test (nor an earlier run on the same data) has used: `ann.<ms>.<n>@example.com`. */
export const uniqueEmail = (name: string) =>
  `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.${Date.now()}.${counter++}@example.com`;

export interface AccountOptions {
  /** Display name; also the start of the address unless `email` is given. */
  name: string;
  email?: string;
  /** Sent with each request, e.g. the guest cookie whose work the new account claims. */
  headers?: Record<string, string>;
}

export interface SignedIn {
  email: string;
  sub: string;
  /** The access token (`Authorization: Bearer …`). */
  token: string;
  refresh: string;
}

async function post(gatewayUrl: string, path: string, json: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${gatewayUrl}/api/v1${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers, checked by the callers' assertions
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as any };
}

/** `POST /auth/signup`: a new account, not signed in (the sign-in page tests sign in themselves). */
export async function createAccount(
  gatewayUrl: string,
  { name, email = uniqueEmail(name), headers }: AccountOptions,
): Promise<{ email: string; sub: string }> {
  const signup = await post(gatewayUrl, '/auth/signup', { email, password: PASSWORD, name }, headers);
  expect(signup.status, `sign-up of ${email}: ${JSON.stringify(signup.body)}`).toBe(201);
  return { email, sub: signup.body.user.sub as string };
}

/** `POST /auth/login` with the tests' password: the tokens the apps would keep. */
export async function logIn(
  gatewayUrl: string,
  email: string,
  headers?: Record<string, string>,
): Promise<{ token: string; refresh: string }> {
  const login = await post(gatewayUrl, '/auth/login', { email, password: PASSWORD }, headers);
  expect(login.status, `log-in of ${email}: ${JSON.stringify(login.body)}`).toBe(200);
  return { token: login.body.access_token as string, refresh: login.body.refresh_token as string };
}

/** A new account, signed up and logged in through the API. */
export async function signUp(gatewayUrl: string, options: AccountOptions): Promise<SignedIn> {
  const account = await createAccount(gatewayUrl, options);
  return { ...account, ...(await logIn(gatewayUrl, account.email, options.headers)) };
}

/** The provider's pages, reached from the dashboard's gate at `url` (on the address the visitor used). */
async function gateToProvider(page: Page, url: string): Promise<void> {
  const { origin } = new URL(url);
  await page.goto(`${url}/dashboard`);
  await page.waitForURL((u) => u.origin === origin && u.pathname.startsWith('/oidc/'), { timeout: 30_000 });
}

/** Back from the provider to /dashboard, signed in. */
async function backOnDashboard(page: Page, url: string): Promise<void> {
  await page.waitForURL(`${url}/dashboard`, { timeout: 30_000 });
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 30_000 });
}

/**
 * Signs a new account up as a visitor does: the dashboard gate sends them to the provider's pages,
 * they create the account there (the name is optional there too) and come back to /dashboard.
 */
export async function signUpInBrowser(page: Page, url: string, email: string, name?: string): Promise<void> {
  await gateToProvider(page, url);
  await page.getByRole('link', { name: 'Create an account' }).click();
  if (name !== undefined) await page.getByLabel('Name (optional)').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await backOnDashboard(page, url);
}

/** Signs an existing account in the same way, on the provider's sign-in form. */
export async function signInInBrowser(page: Page, url: string, email: string): Promise<void> {
  await gateToProvider(page, url);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await backOnDashboard(page, url);
}
