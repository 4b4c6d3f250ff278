import { beforeEach, describe, expect, test } from 'vitest';
import { FakeCookieJar } from '../test/support.ts';
import { createRefresher, SessionExpiredError, THIRD_PARTY_PREFIX } from './refresh.ts';
import { createSessionStore, type SessionStore } from './session-store.ts';

describe('third-party (cognito_) sessions', () => {
  let store: SessionStore;
  let events: string[];
  let server: { refresh_token: string; id: string }[];
  let provider: string[];

  beforeEach(() => {
    const target = new EventTarget();
    events = [];
    target.addEventListener('tokenRefreshed', () => events.push('tokenRefreshed'));
    store = createSessionStore({ jar: new FakeCookieJar(), secure: false, events: target });
    store.saveUserInfo({ sub: 'kc-user' });
    server = [];
    provider = [];
  });

  const refresher = (
    providerAnswer: () => Promise<{ access_token: string; refresh_token?: string } | null>,
  ) =>
    createRefresher({
      store,
      refreshOnServer: async (body) => {
        server.push(body);
        return { access_token: 'from-server', refresh_token: 'cognito_server-rotated' };
      },
      refreshAtProvider: async (token) => {
        provider.push(token);
        return providerAnswer();
      },
    });

  test('the prefix is cognito_', () => {
    expect(THIRD_PARTY_PREFIX).toBe('cognito_');
  });

  test('renews at the provider first, with the prefix removed, and keeps the prefix on the new token', async () => {
    store.saveTokens({ accessToken: 'old', refreshToken: 'cognito_provider-rt' });
    const token = await refresher(async () => ({
      access_token: 'from-provider',
      refresh_token: 'provider-rt-2',
    })).refresh();
    expect(token).toBe('from-provider');
    expect(provider).toEqual(['provider-rt']);
    expect(server).toEqual([]);
    expect(store.refreshToken()).toBe('cognito_provider-rt-2');
    expect(events).toEqual(['tokenRefreshed']);
  });

  test('falls back to the server refresh when the provider fails', async () => {
    store.saveTokens({ accessToken: 'old', refreshToken: 'cognito_provider-rt' });
    const token = await refresher(async () => {
      throw new Error('provider down');
    }).refresh();
    expect(token).toBe('from-server');
    expect(server).toEqual([{ refresh_token: 'cognito_provider-rt', id: 'kc-user' }]);
    expect(store.refreshToken()).toBe('cognito_server-rotated');
  });

  test('falls back to the server when the provider has nothing (null)', async () => {
    store.saveTokens({ accessToken: 'old', refreshToken: 'cognito_provider-rt' });
    expect(await refresher(async () => null).refresh()).toBe('from-server');
  });

  test('app sessions (no prefix) never go to the provider', async () => {
    store.saveTokens({ accessToken: 'old', refreshToken: 'opaque-app-token' });
    expect(await refresher(async () => ({ access_token: 'from-provider' })).refresh()).toBe('from-server');
    expect(provider).toEqual([]);
  });

  test('missing refresh token or user id: SessionExpiredError, nobody is called', async () => {
    store.saveTokens({ accessToken: 'old' });
    await expect(refresher(async () => null).refresh()).rejects.toBeInstanceOf(SessionExpiredError);
    store.clear();
    store.saveTokens({ accessToken: 'old', refreshToken: 'cognito_x' });
    await expect(refresher(async () => null).refresh()).rejects.toBeInstanceOf(SessionExpiredError);
    expect([...server, ...provider]).toEqual([]);
  });

  test('a refresh that keeps the refresh token (no rotation) keeps the stored one', async () => {
    store.saveTokens({ accessToken: 'old', refreshToken: 'app-rt' });
    const r = createRefresher({ store, refreshOnServer: async () => ({ access_token: 'new' }) });
    await r.refresh();
    expect(store.accessToken()).toBe('new');
    expect(store.refreshToken()).toBe('app-rt');
  });
});
