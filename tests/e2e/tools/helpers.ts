import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Browser } from '../browser.ts';

export const tempDir = () => mkdtemp(join(tmpdir(), 'mk-tools-e2e-'));

/** A tool page in a fresh tab; page errors are collected for the test to assert none. */
export async function openTool(
  browser: Browser,
  url: string,
  path: string,
  viewport = { width: 1280, height: 900 },
): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.context.newPage();
  await page.setViewportSize(viewport);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${url}${path}`);
  await page.locator('input[type=file]').first().waitFor({ state: 'attached', timeout: 30_000 });
  return { page, errors };
}

/** Waits until `count` files show as uploaded (the server has read them). */
export async function waitUploaded(page: Page, count: number): Promise<void> {
  await expect
    .poll(() => page.locator('.upload-item[data-status="ready"]').count(), { timeout: 60_000 })
    .toBe(count);
}

/** Presses the run button and waits for the result panel (jobs on two shared cores can be slow). */
export async function runAndWait(page: Page): Promise<void> {
  await page.locator('.run-button').click();
  await page.locator('.result').waitFor({ timeout: 180_000 });
}

/** Clicks a download button and saves what the browser downloads; returns its URL, path and bytes. */
export async function download(
  page: Page,
  button: Locator,
  dir: string,
): Promise<{ url: string; path: string; name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), button.click()]);
  const name = file.suggestedFilename();
  const path = join(dir, `${Date.now()}-${name}`);
  await file.saveAs(path);
  return { url: file.url(), path, name, bytes: await readFile(path) };
}

/** The entries of a ZIP from its central directory (stored or deflated): a reader that is not ours. */
export function unzip(zip: Buffer): { name: string; bytes: Buffer }[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a ZIP: no end of central directory');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries: { name: string; bytes: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataAt, dataAt + compressed);
    entries.push({ name, bytes: method === 8 ? inflateRawSync(data) : Buffer.from(data) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
