import type { Page } from 'playwright-core';
import { signUp } from '../../support/sign-in.ts';

/**
 * What code run inside the page (page.evaluate) reads of the browser. The repository's TypeScript
 * settings have no DOM library, so the few globals used are typed here.
 */
export interface PageGlobals {
  document: { cookie: string; documentElement: { scrollWidth: number } };
  innerWidth: number;
}

/** The signed-in user's id, from the userInfo cookie. */
export async function userSub(page: Page, url: string): Promise<string> {
  const cookie = (await page.context().cookies(url)).find((c) => c.name === 'userInfo');
  if (!cookie) throw new Error('not signed in: no userInfo cookie');
  return JSON.parse(decodeURIComponent(cookie.value)).sub;
}

/**
 * Uploads a file and starts a job from the page itself, with the page's own session (its bearer
 * from the accessToken cookie), the way the tools remote calls the API.
 */
export async function convertInPage(
  page: Page,
  file: { name: string; type: string; bytes: Buffer },
  job: { tool: string; params?: Record<string, unknown> },
): Promise<{ fileId: string; jobId: string }> {
  return page.evaluate(
    async ({ name, type, bytes, tool, params }) => {
      const { document } = globalThis as unknown as PageGlobals;
      const token = document.cookie
        .split('; ')
        .find((c: string) => c.startsWith('accessToken='))
        ?.slice('accessToken='.length);
      const auth = { authorization: `Bearer ${token}` };
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
      const upload = await fetch('/api/v1/files', { method: 'POST', headers: auth, body: form });
      if (upload.status !== 201) throw new Error(`upload answered ${upload.status}: ${await upload.text()}`);
      const fileId = ((await upload.json()) as { files: { id: string }[] }).files[0].id;
      const created = await fetch('/api/v1/jobs', {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ tool, inputs: [fileId], params: params ?? {} }),
      });
      if (created.status !== 202) throw new Error(`job answered ${created.status}: ${await created.text()}`);
      return { fileId, jobId: ((await created.json()) as { id: string }).id };
    },
    { ...file, bytes: [...file.bytes], ...job },
  );
}

/** An administrator (ADMIN_EMAIL) signed in through the API, for staff replies and role changes. */
export async function adminSession(url: string, email: string) {
  const { token } = await signUp(url, { name: 'Sam Support', email });
  return {
    call: async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${url}/api/v1${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          authorization: `Bearer ${token}`,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    },
  };
}

/** True when the page is no wider than the viewport (nothing to scroll sideways). */
export const fitsWidth = (page: Page) =>
  page.evaluate(() => {
    const w = globalThis as unknown as PageGlobals;
    return w.document.documentElement.scrollWidth <= w.innerWidth;
  });
