import { beforeEach, describe, expect, test } from 'vitest';
import { FakeCookieJar, tokenExpiringIn } from '../test/support.ts';
import { createApiClient, postRefreshToken } from './api-client.ts';
import { ApiRequestError } from './errors.ts';
import { createRefresher, type RefreshResult } from './refresh.ts';
import { createSessionStore, type SessionStore } from './session-store.ts';

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);

interface Call {
  url: string;
  method: string;
  authorization?: string;
  body?: string;
}

/** A fetch that records calls and answers from a handler; `/auth/refresh_token` goes to `refresh`. */
function fakeServer(handler: (call: Call, n: number) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call = {
      url: String(input),
      method: init?.method ?? 'GET',
      authorization: headers.authorization,
      body: init?.body as string | undefined,
    };
    calls.push(call);
    return handler(call, calls.length);
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

describe('API client', () => {
  let jar: FakeCookieJar;
  let store: SessionStore;
  let authFailures: number;
  let refreshes: { refresh_token: string; id: string }[];
  let refreshAnswer: () => Promise<RefreshResult>;

  const FRESH = tokenExpiringIn(3600, NOW);
  const NEW = tokenExpiringIn(7200, NOW, 'user-1');

  function client(fetch: typeof globalThis.fetch) {
    return createApiClient({
      store,
      fetch,
      now: () => NOW,
      sleep: async () => {},
      onAuthFailure: () => {
        authFailures++;
      },
      refresher: createRefresher({
        store,
        refreshOnServer: async (body) => {
          refreshes.push(body);
          return refreshAnswer();
        },
      }),
    });
  }

  beforeEach(() => {
    jar = new FakeCookieJar();
    store = createSessionStore({ jar, secure: false, events: new EventTarget() });
    authFailures = 0;
    refreshes = [];
    refreshAnswer = async () => ({ access_token: NEW, refresh_token: 'rt-2' });
  });

  const signIn = (accessToken: string) => {
    store.saveTokens({ accessToken, refreshToken: 'rt-1' });
    store.saveUserInfo({ sub: 'user-1', email: 'a@example.com' });
  };

  test('calls /api/v1 with a bearer header when the token is valid beyond the margin', async () => {
    signIn(FRESH);
    const server = fakeServer(() => json(200, { ok: true }));
    expect(await client(server.fetch).get('/stats')).toEqual({ ok: true });
    expect(server.calls).toEqual([
      { url: '/api/v1/stats', method: 'GET', authorization: `Bearer ${FRESH}`, body: undefined },
    ]);
  });

  test('anonymous calls carry no authorization header', async () => {
    const server = fakeServer(() => json(200, { tools: [] }));
    await client(server.fetch).get('/tools', { query: { q: 'heic', cursor: undefined } });
    expect(server.calls[0]).toMatchObject({ url: '/api/v1/tools?q=heic', authorization: undefined });
  });

  test('a token inside the 5-minute margin is never sent; the session is renewed first', async () => {
    signIn(tokenExpiringIn(120, NOW));
    const server = fakeServer(() => json(200, {}));
    await client(server.fetch).get('/stats');
    expect(refreshes).toEqual([{ refresh_token: 'rt-1', id: 'user-1' }]);
    expect(server.calls.map((c) => c.authorization)).toEqual([`Bearer ${NEW}`]);
  });

  test('an undecodable access token is treated as expired', async () => {
    signIn('garbage');
    const server = fakeServer(() => json(200, {}));
    await client(server.fetch).get('/stats');
    expect(server.calls.every((c) => c.authorization !== 'Bearer garbage')).toBe(true);
    expect(refreshes).toHaveLength(1);
  });

  test('401: one refresh, then one retry without the old authorization header', async () => {
    signIn(FRESH);
    const server = fakeServer((_call, n) =>
      n === 1 ? json(401, { code: 'unauthorized', message: 'Expired.' }) : json(200, { ok: 1 }),
    );
    expect(await client(server.fetch).get('/stats')).toEqual({ ok: 1 });
    expect(server.calls).toHaveLength(2);
    expect(server.calls[0].authorization).toBe(`Bearer ${FRESH}`);
    expect(server.calls[1].authorization).toBe(`Bearer ${NEW}`);
    expect(server.calls[1].authorization).not.toContain(FRESH);
    expect(store.refreshToken()).toBe('rt-2');
  });

  test('403 is handled like 401; a second 403 after the retry is an ordinary error (no loop)', async () => {
    signIn(FRESH);
    const server = fakeServer(() => json(403, { code: 'forbidden', message: 'Editors only.' }));
    await expect(client(server.fetch).post('/blog', { title: 'x' })).rejects.toMatchObject({
      status: 403,
      message: 'Editors only.',
    });
    expect(server.calls).toHaveLength(2);
    expect(refreshes).toHaveLength(1);
    expect(authFailures).toBe(0);
  });

  test('concurrent 401s share one refresh', async () => {
    signIn(FRESH);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    refreshAnswer = async () => {
      await gate;
      return { access_token: NEW, refresh_token: 'rt-2' };
    };
    const server = fakeServer((call) =>
      call.authorization === `Bearer ${FRESH}` ? json(401, {}) : json(200, { url: call.url }),
    );
    const api = client(server.fetch);
    const pending = Promise.all([api.get('/stats'), api.get('/jobs'), api.get('/files')]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    const results = await pending;
    expect(results.map((r) => (r as { url: string }).url)).toEqual([
      '/api/v1/stats',
      '/api/v1/jobs',
      '/api/v1/files',
    ]);
    expect(refreshes).toHaveLength(1);
    expect(server.calls.filter((c) => c.authorization === `Bearer ${NEW}`)).toHaveLength(3);
  });

  test('a failed refresh clears the tokens, reports the auth failure once, and fails the call', async () => {
    signIn(FRESH);
    refreshAnswer = async () => {
      throw new ApiRequestError('Session revoked.', { status: 401 });
    };
    const events: string[] = [];
    store = createSessionStore({ jar, secure: false, events: recordEvents(events) });
    const server = fakeServer(() => json(401, {}));
    const error = await client(server.fetch)
      .get('/stats')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ authFailed: true, message: 'Please log in again' });
    expect(authFailures).toBe(1);
    expect(store.accessToken()).toBeUndefined();
    expect(store.refreshToken()).toBeUndefined();
    expect(store.userInfo()).toBeUndefined();
    expect(events).toContain('tokensCleared');
    expect(server.calls).toHaveLength(1); // no retry after a failed refresh, and no GET retries
  });

  test('no refresh token or no user id: cleared and sent to login without calling the server', async () => {
    store.saveTokens({ accessToken: FRESH });
    const server = fakeServer(() => json(401, {}));
    await expect(client(server.fetch).get('/stats')).rejects.toMatchObject({ authFailed: true });
    expect(refreshes).toHaveLength(0);
    expect(authFailures).toBe(1);

    authFailures = 0;
    store.saveTokens({ accessToken: FRESH, refreshToken: 'rt-1' }); // no userInfo, so no id
    await expect(client(server.fetch).get('/stats')).rejects.toMatchObject({ authFailed: true });
    expect(refreshes).toHaveLength(0);
    expect(authFailures).toBe(1);
  });

  test('a network failure reads "A network error has occurred." (after the GET retries)', async () => {
    const server = fakeServer(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client(server.fetch).get('/tools')).rejects.toMatchObject({
      network: true,
      message: 'A network error has occurred.',
    });
    expect(server.calls).toHaveLength(3);
  });

  test('GETs are retried 3 times on 502/503/504; writes and other errors are not retried', async () => {
    const unavailable = fakeServer(() => json(503, { message: 'Busy.' }));
    await expect(client(unavailable.fetch).get('/tools')).rejects.toMatchObject({
      status: 503,
      message: 'Busy.',
    });
    expect(unavailable.calls).toHaveLength(3);

    const write = fakeServer(() => json(503, { message: 'Busy.' }));
    await expect(client(write.fetch).post('/jobs', {})).rejects.toMatchObject({ status: 503 });
    expect(write.calls.filter((c) => c.url === '/api/v1/jobs')).toHaveLength(1);

    const bad = fakeServer(() => json(400, { message: 'end must be greater than start' }));
    await expect(client(bad.fetch).get('/tools')).rejects.toMatchObject({
      message: 'end must be greater than start',
    });
    expect(bad.calls).toHaveLength(1);

    const recovers = fakeServer((_c, n) => (n < 3 ? json(502, {}) : json(200, { ok: true })));
    expect(await client(recovers.fetch).get('/tools')).toEqual({ ok: true });
  });

  test('JSON bodies are sent as JSON; 204 answers resolve to undefined', async () => {
    const server = fakeServer(() => new Response(null, { status: 204 }));
    expect(await client(server.fetch).delete('/files/f1')).toBeUndefined();
    const post = fakeServer(() => json(201, { id: 't1' }));
    await client(post.fetch).post('/contact', { name: 'A' });
    expect(post.calls.at(-1)).toMatchObject({ method: 'POST', body: '{"name":"A"}' });
  });

  test('authHeaders: a guest gets none; a fresh session its bearer without a refresh', async () => {
    const server = fakeServer(() => new Response(null, { status: 204 }));
    await expect(client(server.fetch).authHeaders()).resolves.toEqual({});
    expect(server.calls.map((c) => c.url)).toEqual(['/api/v1/auth/guest']);
    signIn(FRESH);
    await expect(client(server.fetch).authHeaders()).resolves.toEqual({ authorization: `Bearer ${FRESH}` });
    expect(refreshes).toHaveLength(0);
    expect(server.calls).toHaveLength(1);
  });

  test('authHeaders: a token inside the margin is renewed through the shared refresh first', async () => {
    signIn(tokenExpiringIn(120, NOW));
    const api = client(fakeServer(() => json(200, {})).fetch);
    const [a, b] = await Promise.all([api.authHeaders(), api.authHeaders()]);
    expect(a).toEqual({ authorization: `Bearer ${NEW}` });
    expect(b).toEqual(a);
    expect(refreshes).toEqual([{ refresh_token: 'rt-1', id: 'user-1' }]);
  });

  test('authHeaders({ renew }): a refused bearer is renewed even while it looks fresh', async () => {
    signIn(FRESH);
    const api = client(fakeServer(() => json(200, {})).fetch);
    await expect(api.authHeaders({ renew: true })).resolves.toEqual({ authorization: `Bearer ${NEW}` });
    expect(refreshes).toHaveLength(1);
  });

  test('authHeaders: a session that cannot be renewed is cleared and sent to login', async () => {
    signIn(tokenExpiringIn(60, NOW));
    refreshAnswer = async () => {
      throw new ApiRequestError('Session revoked.', { status: 401 });
    };
    const api = client(fakeServer(() => json(200, {})).fetch);
    await expect(api.authHeaders()).rejects.toMatchObject({ authFailed: true });
    expect(authFailures).toBe(1);
    expect(store.refreshToken()).toBeUndefined();
  });

  describe('a guest before the first writes', () => {
    /** Answers `/auth/guest` when `open` resolves; everything else at once. */
    function gatedServer(guestStatus = 204) {
      let open!: () => void;
      const gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      const server = fakeServer(async (call) => {
        if (call.url.endsWith('/auth/guest')) {
          await gate;
          return new Response(null, { status: guestStatus });
        }
        return json(201, { url: call.url });
      });
      return { ...server, open };
    }
    const urls = (calls: Call[]) => calls.map((c) => `${c.method} ${c.url}`);

    test('parallel writes and tus headers share one POST /auth/guest and go out only after it', async () => {
      const server = gatedServer();
      const api = client(server.fetch);
      const pending = Promise.all([
        api.post('/jobs', {}),
        api.authHeaders(),
        api.authHeaders(),
        api.delete('/files/f1'),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(urls(server.calls)).toEqual(['POST /api/v1/auth/guest']);
      server.open();
      const [job, a, b] = await pending;
      expect(job).toEqual({ url: '/api/v1/jobs' });
      expect([a, b]).toEqual([{}, {}]);
      // Later writes of the page do not ask again.
      await api.post('/jobs', {});
      await api.authHeaders();
      expect(urls(server.calls)).toEqual([
        'POST /api/v1/auth/guest',
        'POST /api/v1/jobs',
        'DELETE /api/v1/files/f1',
        'POST /api/v1/jobs',
      ]);
    });

    test('reads, the /auth routes and signed-in users never ask for a guest', async () => {
      const server = fakeServer(() => json(200, {}));
      const api = client(server.fetch);
      await api.get('/tools');
      await postRefreshToken({ refresh_token: 'r', id: 'u' }, server.fetch);
      await api.post('/auth/login', { email: 'a@example.com', password: 'x' });
      signIn(FRESH);
      await api.post('/jobs', {});
      await api.authHeaders();
      expect(server.calls.some((c) => c.url.endsWith('/auth/guest'))).toBe(false);
    });

    test('a failed POST does not block the writes, and the next write asks again', async () => {
      const server = gatedServer(503);
      const api = client(server.fetch);
      const pending = Promise.all([api.post('/jobs', {}), api.authHeaders()]);
      server.open();
      await expect(pending).resolves.toEqual([{ url: '/api/v1/jobs' }, {}]);
      await api.post('/jobs', {});
      expect(urls(server.calls)).toEqual([
        'POST /api/v1/auth/guest',
        'POST /api/v1/jobs',
        'POST /api/v1/auth/guest',
        'POST /api/v1/jobs',
      ]);

      const offline = fakeServer((call) => {
        if (call.url.endsWith('/auth/guest')) throw new TypeError('Failed to fetch');
        return json(201, {});
      });
      await expect(client(offline.fetch).post('/jobs', {})).resolves.toEqual({});
    });

    test('a sign-in or a sign-out forgets the guest: the next signed-out write asks again', async () => {
      const events = new EventTarget();
      store = createSessionStore({ jar, secure: false, events });
      const server = fakeServer(() => new Response(null, { status: 204 }));
      const api = createApiClient({
        store,
        events,
        fetch: server.fetch,
        now: () => NOW,
        onAuthFailure: () => {},
        refresher: createRefresher({ store, refreshOnServer: async () => refreshAnswer() }),
      });
      const guestPosts = () => server.calls.filter((c) => c.url.endsWith('/auth/guest')).length;
      await api.post('/jobs', {});
      await api.post('/jobs', {});
      expect(guestPosts()).toBe(1);

      signIn(FRESH); // the first signed-in request claims the guest's files and clears the cookie
      await api.post('/jobs', {});
      expect(guestPosts()).toBe(1);

      store.clear(); // signed out: a new guest is needed
      await api.post('/jobs', {});
      await api.authHeaders();
      expect(guestPosts()).toBe(2);
    });
  });

  test('the server refresh posts {refresh_token, id}; an answer of 300 or more is an error', async () => {
    const ok = fakeServer(() => json(200, { access_token: 'a' }));
    expect(await postRefreshToken({ refresh_token: 'r', id: 'u' }, ok.fetch)).toEqual({ access_token: 'a' });
    expect(ok.calls[0]).toMatchObject({
      url: '/api/v1/auth/refresh_token',
      method: 'POST',
      body: '{"refresh_token":"r","id":"u"}',
    });
    const redirect = fakeServer(() => new Response(null, { status: 302 }));
    await expect(postRefreshToken({ refresh_token: 'r', id: 'u' }, redirect.fetch)).rejects.toMatchObject({
      status: 302,
    });
  });
});

function recordEvents(names: string[]) {
  const target = new EventTarget();
  for (const name of ['userInfoChanged', 'tokensCleared', 'tokenRefreshed']) {
    target.addEventListener(name, () => names.push(name));
  }
  return target;
}
