import { freePort } from '@mediakit/devstack';
import { afterAll, beforeAll } from 'vitest';
import { startTestStack, type TestStack } from '../integration/stack.ts';
import { type Browser, launchBrowser } from './browser.ts';
import { launchVisitors, type Visitors } from './visitor.ts';

type Env = Record<string, string | undefined>;

/**
 * The whole platform with the built web apps (the gateway serves frontends/*\/dist by default),
 * on a gateway port chosen first so PUBLIC_URL, the OpenID issuer and the canonical links all
 * name the address the browser uses.
 */
export async function startWebStack(
  /** Extra settings for the gateway; `undefined` removes one (e.g. `{ PUBLIC_URL: undefined }`). */
  gatewayEnv: Env = {},
  /** Extra settings for the auth service, e.g. `{ ADMIN_EMAIL }` for a test that needs staff. */
  authEnv: Env = {},
  /** Extra settings for the files service, e.g. `{ OUTBOUND_ALLOWED_CIDRS }` for imports. */
  filesEnv: Env = {},
  /** Extra settings for the jobs service, e.g. `{ OUTBOUND_ALLOWED_CIDRS }` for a local webhook receiver. */
  jobsEnv: Env = {},
): Promise<{
  stack: TestStack;
  url: string;
}> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const stack = await startTestStack({
    portOverrides: { gateway: { PORT: port } },
    serviceEnv: {
      auth: { PUBLIC_URL: url, ...authEnv },
      gateway: { PUBLIC_URL: url, RATE_LIMIT_AUTH_PER_MINUTE: '1000', ...gatewayEnv },
      files: filesEnv,
      jobs: jobsEnv,
    },
  });
  return { stack, url };
}

/** What a test file drives: its stack, the address the browser uses, and the browser. */
export type WebFile<K extends string, B> = { stack: TestStack; url: string } & Record<K, B>;

/**
 * Starts the stack and a browser in the file's `beforeAll` and stops both in its `afterAll`. The
 * fields of the answer are filled once `beforeAll` has run: read them inside tests and hooks.
 */
function forTheFile<K extends string, B extends { close(): Promise<void> }>(
  key: K,
  launch: () => Promise<B>,
  gatewayEnv: Env,
  authEnv: Env,
  filesEnv: Env = {},
  jobsEnv: Env = {},
): WebFile<K, B> {
  const web = {} as WebFile<K, B>;
  beforeAll(async () => {
    Object.assign(web, await startWebStack(gatewayEnv, authEnv, filesEnv, jobsEnv));
    Object.assign(web, { [key]: await launch() });
  }, 180_000);
  afterAll(async () => {
    await web[key]?.close();
    await web.stack?.teardown();
  });
  return web;
}

/** The stack and new visitors (`web.visitors.fresh()`: a new browser context each) for a file's tests. */
export const webStackWithVisitors = (
  gatewayEnv: Env = {},
  authEnv: Env = {},
  filesEnv: Env = {},
  jobsEnv: Env = {},
) => forTheFile<'visitors', Visitors>('visitors', launchVisitors, gatewayEnv, authEnv, filesEnv, jobsEnv);

/** The stack and one Chromium profile (`web.browser.context`) shared by a file's tests. */
export const webStackWithBrowser = (gatewayEnv: Env = {}, authEnv: Env = {}) =>
  forTheFile<'browser', Browser>('browser', launchBrowser, gatewayEnv, authEnv);
