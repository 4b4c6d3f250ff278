import type { HeadState } from '@mediakit/page-meta/head-for';
import { describe, expect, test } from 'vitest';
import { createPageHeads } from './page-heads-store.ts';

/** A store whose writer records the state it was asked to write; `fail` makes the next load fail. */
function setup(initialPath = '/tool/trim-video') {
  let address = initialPath;
  const written: HeadState[] = [];
  let loads = 0;
  let fail = false;
  const heads = createPageHeads({
    initialPath,
    currentPath: () => address,
    load: async () => {
      loads++;
      if (fail) {
        fail = false;
        throw new Error('offline');
      }
      return { writeHead: (state) => written.push(structuredClone(state)) };
    },
  });
  const go = (path: string) => {
    address = path;
    heads.route(path);
  };
  return {
    heads,
    go,
    written,
    loads: () => loads,
    failNextLoad: () => {
      fail = true;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const tool = {
  name: 'trim-video',
  kind: 'tool',
  title: 'Trim Video Online',
  description: 'd',
  media: 'video',
};

describe('the head after client-side navigation', () => {
  test('the first page keeps the server’s head: nothing is loaded or written, even when it reports', async () => {
    const t = setup();
    t.heads.route('/tool/trim-video');
    t.heads.report({ kind: 'tool', tool });
    await settle();
    expect(t.loads()).toBe(0);
    expect(t.written).toEqual([]);
  });

  test('a navigation writes the new path’s head, with what its page reports', async () => {
    const t = setup('/');
    t.go('/pricing');
    await settle();
    expect(t.written.at(-1)).toEqual({ path: '/pricing' });
    t.go('/tool/trim-video');
    t.heads.report({ kind: 'tool', tool });
    await settle();
    expect(t.written.at(-1)).toEqual({
      path: '/tool/trim-video',
      report: { path: '/tool/trim-video', report: { kind: 'tool', tool } },
    });
    // The writer's code is fetched once.
    expect(t.loads()).toBe(1);
  });

  test('a redirect right after the first load (to the login route) counts as a navigation', async () => {
    const t = setup('/dashboard');
    t.go('/');
    await settle();
    expect(t.written.at(-1)?.path).toBe('/');
  });

  test('a writer that could not load is asked for again at the next navigation', async () => {
    const t = setup('/');
    t.failNextLoad();
    t.go('/pricing');
    await settle();
    expect(t.written).toEqual([]);
    t.go('/blog');
    await settle();
    expect(t.written.at(-1)?.path).toBe('/blog');
    expect(t.loads()).toBe(2);
  });
});
