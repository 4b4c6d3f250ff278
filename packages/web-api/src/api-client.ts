import { API_BASE } from '@mediakit/page-meta/api-base';
import { ApiRequestError, ERROR_TEXT, errorFromResponse, isApiRequestError } from './errors.ts';
import { createGuestGate, needsGuest } from './guest.ts';
import { isTokenFresh } from './jwt.ts';
import type { Refresher } from './refresh.ts';
import { DEFAULT_MAX_ATTEMPTS, withRetry } from './retry.ts';
import type { SessionStore } from './session-store.ts';

/** The app's API on its own host (docs/api.md). */
export { API_BASE };

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Attempts for this call; GETs default to the retry layer's 3, writes to 1 (not idempotent). */
  maxAttempts?: number;
}

export interface ApiClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T = void>(path: string, options?: RequestOptions): Promise<T>;
  /**
   * The headers for a request this client cannot make itself (tus uploads, the job event stream,
   * multipart posts): a bearer for a signed-in user, renewed first when it is inside the margin
   * (or always, with `renew`, after the server refused it), through the same single shared
   * refresh; none for a guest (the httpOnly guest cookie goes along by itself), but only once the
   * guest exists (`ensureGuest`). A session that cannot be renewed is cleared and sent to the login
   * route, like any call of this client.
   */
  authHeaders(options?: { renew?: boolean }): Promise<Record<string, string>>;
  /**
   * For a signed-out visitor: makes sure the gateway has given them their guest cookie before
   * writes go out in parallel (see guest.ts). Nothing for a signed-in user.
   */
  ensureGuest(): Promise<void>;
}

export interface ApiClientDeps {
  store: SessionStore;
  refresher: Refresher;
  /**
   * The session could not be renewed: tokens are already cleared; tell the user ("Authentication
   * failed" / "Please log in again") and go to the login route.
   */
  onAuthFailure(): void;
  /**
   * Where the session events fire (the window): a sign-in or a sign-out makes the next guest
   * write ask for a guest again.
   */
  events?: EventTarget;
  fetch?: typeof fetch;
  baseUrl?: string;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** Worth another attempt: no answer at all, or a gateway/service that is briefly unavailable. */
const transient = (error: unknown) =>
  isApiRequestError(error) && !error.authFailed && (error.network || [502, 503, 504].includes(error.status));

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init));
  const baseUrl = deps.baseUrl ?? API_BASE;
  const now = deps.now ?? Date.now;

  const url = (path: string, query?: RequestOptions['query']) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== '') params.set(key, String(value));
    }
    const search = params.toString();
    return `${baseUrl}${path}${search ? `?${search}` : ''}`;
  };

  /** A bearer header only for a token valid beyond the margin; otherwise none at all. */
  const authHeader = (): Record<string, string> => {
    const token = deps.store.accessToken();
    return isTokenFresh(token, now()) ? { authorization: `Bearer ${token}` } : {};
  };

  const signedOut = () => !deps.store.refreshToken() && !deps.store.accessToken();
  const guestGate = createGuestGate({ fetch: doFetch, baseUrl, events: deps.events });
  const ensureGuest = () => (signedOut() ? guestGate.ensure() : Promise.resolve());

  const authFailure = () => {
    deps.store.clear();
    deps.onAuthFailure();
    return new ApiRequestError(ERROR_TEXT.authFailedBody, { status: 401, authFailed: true });
  };

  async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...authHeader() };
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    try {
      return await doFetch(url(path, options.query), {
        method,
        headers,
        body,
        signal: options.signal,
        credentials: 'same-origin',
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new ApiRequestError(ERROR_TEXT.network, { network: true });
    }
  }

  /** Renews the session through the shared refresh; a failed renewal ends it (login route). */
  async function renew(): Promise<void> {
    try {
      await deps.refresher.refresh();
    } catch {
      throw authFailure();
    }
  }

  async function once<T>(method: string, path: string, options: RequestOptions): Promise<T> {
    // An access token inside the margin is not sent; renew it first when the session can be
    // renewed, so a signed-in call never silently goes out as an anonymous one.
    if (deps.store.refreshToken() && !isTokenFresh(deps.store.accessToken(), now())) await renew();
    if (needsGuest(method, path)) await ensureGuest();
    let response = await send(method, path, options);
    if (response.status === 401 || response.status === 403) {
      await renew();
      // Retried once, with headers built anew: the old authorization header is never resent.
      response = await send(method, path, options);
    }
    if (!response.ok) throw await errorFromResponse(response);
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  const request = <T>(method: string, path: string, options: RequestOptions = {}) =>
    withRetry(() => once<T>(method, path, options), {
      maxAttempts: options.maxAttempts ?? (method === 'GET' ? DEFAULT_MAX_ATTEMPTS : 1),
      shouldRetry: transient,
      sleep: deps.sleep,
    });

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    patch: (path, body, options) => request('PATCH', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
    ensureGuest,
    async authHeaders(options = {}) {
      if (!deps.store.refreshToken()) {
        await ensureGuest();
        return authHeader();
      }
      if (options.renew || !isTokenFresh(deps.store.accessToken(), now())) await renew();
      return authHeader();
    },
  };
}

/** The server refresh, outside the client so a refresh never waits on itself. */
export async function postRefreshToken(
  body: { refresh_token: string; id: string },
  doFetch: typeof fetch = fetch,
  baseUrl: string = API_BASE,
) {
  let response: Response;
  try {
    response = await doFetch(`${baseUrl}/auth/refresh_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiRequestError(ERROR_TEXT.network, { network: true });
  }
  // docs/api.md, "Web app rules": an identity call answering 300 or above is an error.
  if (response.status >= 300) throw await errorFromResponse(response);
  return (await response.json()) as { access_token: string; refresh_token?: string; id_token?: string };
}
