import { beforeEach, describe, expect, test } from 'vitest';
import { createFileLinks, RENEW_BEFORE_MS, withQuery } from './download-links.ts';
import { ApiRequestError } from './errors.ts';

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);
const TTL_MS = 30 * 60_000;

describe('download links', () => {
  let now: number;
  let scope: string;
  let posts: string[];
  let answer: (path: string, n: number) => Promise<unknown>;
  let saved: { url: string; name: string }[];

  /** The gateway's answer: a link to the file that expires TTL_MS after it was asked for. */
  const linkFor = (path: string, n: number) => {
    const id = path.split('/')[2];
    return {
      url: `/api/v1/files/${id}/content?link=tok-${n}`,
      expiresAt: new Date(now + TTL_MS).toISOString(),
    };
  };

  const links = () =>
    createFileLinks({
      api: {
        post: async <T>(path: string) => {
          posts.push(path);
          return (await answer(path, posts.length)) as T;
        },
      },
      scope: () => scope,
      save: (url, name) => saved.push({ url, name }),
      now: () => now,
    });

  beforeEach(() => {
    now = NOW;
    scope = 'user-1';
    posts = [];
    saved = [];
    answer = async (path, n) => linkFor(path, n);
  });

  test('asks POST /files/{id}/link and returns the link; inline previews get &inline=1', async () => {
    const l = links();
    await expect(l.url('f 1')).resolves.toBe('/api/v1/files/f%201/content?link=tok-1');
    await expect(l.url('f 1', { inline: true })).resolves.toBe(
      '/api/v1/files/f%201/content?link=tok-1&inline=1',
    );
    expect(posts).toEqual(['/files/f%201/link']);
  });

  test('a link is reused until shortly before it expires, then asked for anew', async () => {
    const l = links();
    await l.url('a');
    now += TTL_MS - RENEW_BEFORE_MS - 1000;
    await expect(l.url('a')).resolves.toMatch(/tok-1$/);
    now += 1000;
    await expect(l.url('a')).resolves.toMatch(/tok-2$/);
    await expect(l.url('a')).resolves.toMatch(/tok-2$/);
    expect(posts).toHaveLength(2);
  });

  test('previews of the same file asking at once share one request; other files get their own', async () => {
    const l = links();
    const urls = await Promise.all([l.url('a'), l.url('a', { inline: true }), l.url('b'), l.url('a')]);
    expect(posts).toEqual(['/files/a/link', '/files/b/link']);
    expect(urls).toEqual([
      '/api/v1/files/a/content?link=tok-1',
      '/api/v1/files/a/content?link=tok-1&inline=1',
      '/api/v1/files/b/content?link=tok-2',
      '/api/v1/files/a/content?link=tok-1',
    ]);
  });

  test('a failure is not cached: the error reaches the caller and the next call asks again', async () => {
    const l = links();
    answer = async () => {
      throw new ApiRequestError('File a not found', { status: 404 });
    };
    await expect(l.url('a')).rejects.toThrow('File a not found');
    answer = async (path, n) => linkFor(path, n);
    await expect(l.url('a')).resolves.toMatch(/tok-2$/);
    expect(posts).toHaveLength(2);
  });

  test('links are kept per session: after signing in or out the link is asked for again', async () => {
    const l = links();
    scope = 'guest';
    await l.url('a');
    scope = 'user-1';
    await expect(l.url('a')).resolves.toMatch(/tok-2$/);
    scope = 'guest';
    await expect(l.url('a')).resolves.toMatch(/tok-1$/);
    expect(posts).toHaveLength(2);
  });

  test('forget drops the cached link (a player whose link stopped working asks anew)', async () => {
    const l = links();
    await l.url('a');
    l.forget('a');
    await expect(l.url('a')).resolves.toMatch(/tok-2$/);
  });

  test('an answer with an expiry too close (or unreadable) is used once and not cached', async () => {
    const l = links();
    answer = async (path, n) => ({ ...linkFor(path, n), expiresAt: new Date(now + 60_000).toISOString() });
    await expect(l.url('a')).resolves.toMatch(/tok-1$/);
    await expect(l.url('a')).resolves.toMatch(/tok-2$/);
    answer = async (path, n) => ({ ...linkFor(path, n), expiresAt: 'soon' });
    await expect(l.url('a')).resolves.toMatch(/tok-3$/);
    await expect(l.url('a')).resolves.toMatch(/tok-4$/);
  });

  test('download saves the attachment link (never inline) under the file name', async () => {
    const l = links();
    await l.download({ id: 'zip-1', name: 'results.zip' });
    expect(saved).toEqual([{ url: '/api/v1/files/zip-1/content?link=tok-1', name: 'results.zip' }]);
  });

  test('download reports a refused link and saves nothing', async () => {
    const l = links();
    answer = async () => {
      throw new ApiRequestError('File x not found', { status: 404 });
    };
    await expect(l.download({ id: 'x', name: 'x.png' })).rejects.toThrow('File x not found');
    expect(saved).toEqual([]);
  });

  test('withQuery appends to an existing query string or starts one', () => {
    expect(withQuery('/a?link=t', 'inline', '1')).toBe('/a?link=t&inline=1');
    expect(withQuery('/a', 'inline', '1')).toBe('/a?inline=1');
  });
});
