import { beforeEach, describe, expect, test } from 'vitest';
import { FakeCookieJar } from '../test/support.ts';
import { createSessionStore, type SessionStore } from './session-store.ts';

describe('session store and its events', () => {
  let jar: FakeCookieJar;
  let store: SessionStore;
  let events: { name: string; detail: unknown }[];

  beforeEach(() => {
    jar = new FakeCookieJar();
    const target = new EventTarget();
    events = [];
    for (const name of ['userInfoChanged', 'tokensCleared', 'tokenRefreshed']) {
      target.addEventListener(name, (e) => events.push({ name, detail: (e as CustomEvent).detail }));
    }
    store = createSessionStore({ jar, secure: true, events: target });
  });

  test('userInfo is JSON in the userInfo cookie (30 days) and saving it fires userInfoChanged', () => {
    store.saveUserInfo({ sub: 'u1', email: 'a@example.com' });
    expect(store.userInfo()).toEqual({ sub: 'u1', email: 'a@example.com' });
    expect(jar.lastWrite('userInfo')).toContain('Max-Age=2592000');
    expect(events).toEqual([{ name: 'userInfoChanged', detail: { sub: 'u1', email: 'a@example.com' } }]);
  });

  test('tokens go to accessToken (1 day) and refreshToken (30 days)', () => {
    store.saveTokens({ accessToken: 'at', refreshToken: 'rt', idToken: 'id' });
    expect(store.accessToken()).toBe('at');
    expect(store.refreshToken()).toBe('rt');
    expect(store.idToken()).toBe('id');
    expect(jar.lastWrite('accessToken')).toBe(
      'accessToken=at; Max-Age=86400; Path=/; SameSite=Strict; Secure',
    );
    expect(jar.lastWrite('refreshToken')).toBe(
      'refreshToken=rt; Max-Age=2592000; Path=/; SameSite=Strict; Secure',
    );
  });

  test('signed in = userInfo with a sub and a refresh token', () => {
    expect(store.isSignedIn()).toBe(false);
    store.saveTokens({ accessToken: 'at', refreshToken: 'rt' });
    expect(store.isSignedIn()).toBe(false);
    store.saveUserInfo({ sub: 'u1' });
    expect(store.isSignedIn()).toBe(true);
  });

  test('a refresh fires tokenRefreshed; clearing removes everything and fires tokensCleared and userInfoChanged', () => {
    store.saveTokens({ accessToken: 'at', refreshToken: 'rt' });
    store.saveUserInfo({ sub: 'u1' });
    events.length = 0;
    store.saveRefreshedTokens({ accessToken: 'at2', refreshToken: 'rt2' });
    expect(events.map((e) => e.name)).toEqual(['tokenRefreshed']);
    events.length = 0;
    store.clear();
    expect([store.accessToken(), store.refreshToken(), store.idToken(), store.userInfo()]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(events.map((e) => e.name)).toEqual(['tokensCleared', 'userInfoChanged']);
  });

  test('a damaged userInfo cookie, or one without sub, is no user', async () => {
    jar.write('userInfo=not-json; Max-Age=10');
    expect(store.userInfo()).toBeUndefined();
    await Promise.resolve();
    jar.write(`userInfo=${encodeURIComponent('{"email":"a@b"}')}; Max-Age=10`);
    expect(store.userInfo()).toBeUndefined();
  });

  test('the cookies are read once per script step; a change elsewhere shows from the next step, a write here at once', async () => {
    let reads = 0;
    const read = jar.read.bind(jar);
    jar.read = () => {
      reads++;
      return read();
    };
    store.saveTokens({ accessToken: 'a1', refreshToken: 'r1' });
    expect([store.accessToken(), store.refreshToken(), store.accessToken(), store.idToken()]).toEqual([
      'a1',
      'r1',
      'a1',
      undefined,
    ]);
    expect(reads).toBe(1);

    // Another tab renews the session: the same step still sees what it read, the next one the new token.
    jar.write('accessToken=a2; Max-Age=10');
    expect(store.accessToken()).toBe('a1');
    await Promise.resolve();
    expect(store.accessToken()).toBe('a2');
    expect(reads).toBe(2);

    // This tab's own write is seen at once.
    store.saveRefreshedTokens({ accessToken: 'a3' });
    expect(store.accessToken()).toBe('a3');
    store.clear();
    expect(store.accessToken()).toBeUndefined();
    expect(store.userInfo()).toBeUndefined();
  });
});
