import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

/**
 * The first-load JavaScript a page may cost (KB = 1000 bytes, gzip level 6): a bench target. It
 * follows the catalog: each entry's page-copy chunk adds about 35 bytes of chunk maps to every tool
 * page (170 KB held 51 entries at 169.6; 104 entries measured 171.4).
 */
export const FIRST_LOAD_JS_BUDGET_KB = 175;

export interface JsLoad {
  files: number;
  /** Every file, largest first, for finding what to cut: path and gzip bytes. */
  largest: Array<{ path: string; gzipBytes: number }>;
  rawBytes: number;
  gzipBytes: number;
  remotes: string[];
}

/**
 * Every JavaScript response of a first visit to `url` in `page` (a new context: empty cache),
 * until the network is idle, gzipped here at level 6 so the figure does not depend on what the
 * server sends. The bench and the e2e budget test measure the same way.
 */
export async function firstLoadJs(page: Page, url: string): Promise<JsLoad> {
  const bodies = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (response.request().resourceType() === 'script' || type.includes('javascript')) {
      if (!bodies.has(response.url())) bodies.set(response.url(), response.body());
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  let rawBytes = 0;
  let gzipBytes = 0;
  const perFile: JsLoad['largest'] = [];
  for (const [fileUrl, body] of bodies) {
    const bytes = await body;
    const gzipped = gzipSync(bytes, { level: 6 }).length;
    rawBytes += bytes.length;
    gzipBytes += gzipped;
    perFile.push({ path: new URL(fileUrl).pathname, gzipBytes: gzipped });
  }
  const largest = perFile.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const remotes = [
    ...new Set(
      [...bodies.keys()].map((u) => new URL(u).pathname.match(/^\/remotes\/([^/]+)\//)?.[1]).filter(Boolean),
    ),
  ] as string[];
  return { files: bodies.size, largest, rawBytes, gzipBytes, remotes };
}
