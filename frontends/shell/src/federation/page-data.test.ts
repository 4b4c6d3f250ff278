import { QueryCache, QueryClient } from '@mediakit/web-shared/query';
import { beforeEach, describe, expect, test } from 'vitest';
import type { ApiClient } from '../api/api-client.ts';
import { queryKeys } from '../api/query-keys.ts';
import { createSessionStore, type SessionStore } from '../session/session-store.ts';
import { FakeCookieJar } from '../test-support.ts';
import { overviewQueries, prefetchPageData } from './page-data.ts';

/** Answers GETs from a table and records every call, like the API would. */
function fakeApi(answers: Record<string, unknown>) {
  const calls: string[] = [];
  const api = {
    get: async (path: string) => {
      calls.push(path);
      if (!(path in answers)) throw new Error(`no answer for ${path}`);
      return answers[path];
    },
  } as unknown as ApiClient;
  return { api, calls };
}

const ANSWERS = {
  '/stats': { jobs: { total: 3 }, files: { count: 1, bytes: 10 }, plan: 'free' },
  '/plans': { plans: [] },
  '/jobs': { items: [], nextCursor: null },
  '/tools': { tools: [] },
};

describe('the shell starts the overview’s requests on a first visit', () => {
  let store: SessionStore;
  let reported: unknown[];
  let queryClient: QueryClient;

  beforeEach(() => {
    store = createSessionStore({ jar: new FakeCookieJar(), secure: false, events: new EventTarget() });
    reported = [];
    // Like the shell's client: errors are reported unless the query is marked silent.
    queryClient = new QueryClient({
      queryCache: new QueryCache({ onError: (error, query) => !query.meta?.silent && reported.push(error) }),
      defaultOptions: { queries: { retry: false, staleTime: 30_000 } },
    });
  });

  const signIn = () => {
    store.saveTokens({ accessToken: 'a', refreshToken: 'r' });
    store.saveUserInfo({ sub: 'user-1' });
  };

  test('signed in on /dashboard: the four calls, cached under the keys the page reads', async () => {
    signIn();
    const { api, calls } = fakeApi(ANSWERS);
    prefetchPageData('/Dashboard/', { api, queryClient, store });
    expect(calls.sort()).toEqual(['/jobs', '/plans', '/stats', '/tools']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queryClient.getQueryData(queryKeys.stats())).toEqual(ANSWERS['/stats']);

    // The page asking right after finds the answers fresh: no second request.
    const page = overviewQueries(api);
    await Promise.all([
      queryClient.fetchQuery(page.stats),
      queryClient.fetchQuery(page.plans),
      queryClient.fetchQuery(page.recent),
      queryClient.fetchQuery(page.tools),
    ]);
    expect(calls).toHaveLength(4);
  });

  test('signed out, or another page: nothing is asked (a 401 would send the visitor to sign in)', () => {
    const { api, calls } = fakeApi(ANSWERS);
    prefetchPageData('/dashboard', { api, queryClient, store });
    signIn();
    prefetchPageData('/dashboard/job-status', { api, queryClient, store });
    prefetchPageData('/tool/trim-video', { api, queryClient, store });
    expect(calls).toEqual([]);
  });

  test('a failed call stays quiet here; the page asks again and reports it', async () => {
    signIn();
    const { api, calls } = fakeApi({});
    prefetchPageData('/dashboard', { api, queryClient, store });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reported).toEqual([]);

    await queryClient.fetchQuery(overviewQueries(api).stats).catch(() => {});
    expect(calls.filter((path) => path === '/stats')).toHaveLength(2);
    expect(reported).toHaveLength(1);
  });
});
