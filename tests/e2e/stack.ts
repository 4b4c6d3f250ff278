import { freePort } from '@mediakit/devstack';
import { startTestStack, type TestStack } from '../integration/stack.ts';

/**
 * The whole platform with the built web apps (the gateway serves frontends/*\/dist by default),
 * on a gateway port chosen first so PUBLIC_URL, the OpenID issuer and the canonical links all
 * name the address the browser uses.
 */
export async function startWebStack(
  /** Extra settings for the gateway; `undefined` removes one (e.g. `{ PUBLIC_URL: undefined }`). */
  gatewayEnv: Record<string, string | undefined> = {},
  /** Extra settings for the auth service, e.g. `{ ADMIN_EMAIL }` for a test that needs staff. */
  authEnv: Record<string, string | undefined> = {},
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
    },
  });
  return { stack, url };
}
