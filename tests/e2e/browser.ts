import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findExecutable } from '@mediakit/devstack';
import { type BrowserContext, chromium } from 'playwright-core';

/**
 * Real Chromium (the Debian package, driven by playwright-core) for the end-to-end tests. Tests
 * skip with this reason when there is none: `npm test` installs it (MK_SETUP_BROWSER=1).
 */
export const chromiumPath =
  process.env.CHROMIUM_PATH ?? findExecutable('chromium') ?? findExecutable('chromium-browser');

const root = resolve(import.meta.dirname, '../..');
const builds = ['shell/dist/index.html', 'tools/dist/mf-manifest.json', 'dashboard/dist/mf-manifest.json'];
export const missingBuilds = builds.filter((file) => !existsSync(join(root, 'frontends', file)));

export const skipReason = !chromiumPath
  ? 'no Chromium found (install the Debian package chromium, or run `npm test`, which does; CHROMIUM_PATH overrides)'
  : missingBuilds.length > 0
    ? `the web apps are not built (${missingBuilds.join(', ')}); run \`npm run build:web\``
    : undefined;

if (skipReason) console.warn(`e2e tests skipped: ${skipReason}`);

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A fresh profile each time: no cookies, cache or storage carried between test files. */
export async function launchBrowser(): Promise<Browser> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'mk-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
    viewport: { width: 1280, height: 900 },
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
