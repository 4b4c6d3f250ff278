import { describe, expect, test } from 'vitest';
import type { FileLinks } from './download-links.ts';
import { lazyFileLinks } from './lazy-file-links.ts';

/** A FileLinks that records what it was asked, with a link per file and how often it was forgotten. */
function recording() {
  const calls: string[] = [];
  const links: FileLinks = {
    url: async (fileId, options) => {
      calls.push(`url ${fileId}${options?.inline ? ' inline' : ''}`);
      return `/link/${fileId}`;
    },
    forget: (fileId) => {
      calls.push(`forget ${fileId}`);
    },
    download: async (file) => {
      calls.push(`download ${file.id} ${file.name}`);
    },
  };
  return { calls, links };
}

describe('lazy file links', () => {
  test('loads the code once, with the first call, and hands every call to it in order', async () => {
    const { calls, links } = recording();
    let loads = 0;
    const lazy = lazyFileLinks(async () => {
      loads += 1;
      return links;
    });
    expect(loads).toBe(0);
    lazy.forget('before'); // nothing loaded, nothing cached: nothing to do
    await expect(lazy.url('a', { inline: true })).resolves.toBe('/link/a');
    lazy.forget('a');
    const again = lazy.url('a');
    await lazy.download({ id: 'b', name: 'b.mp4' });
    await again;
    expect(loads).toBe(1);
    expect(calls).toEqual(['url a inline', 'forget a', 'url a', 'download b b.mp4']);
  });

  test('a load that failed (offline) is tried again by the next call', async () => {
    const { links } = recording();
    let loads = 0;
    const lazy = lazyFileLinks(async () => {
      loads += 1;
      if (loads === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return links;
    });
    await expect(lazy.url('a')).rejects.toThrow(TypeError);
    lazy.forget('a'); // after a failed load: no error, nothing to forget
    await expect(lazy.url('a')).resolves.toBe('/link/a');
    expect(loads).toBe(2);
  });
});
