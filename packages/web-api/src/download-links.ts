import type { ApiClient } from './api-client.ts';

/**
 * Download links (`POST /files/{id}/link` → `{ url, expiresAt }`): a URL of one file's bytes that
 * works with no header and no cookie until it expires. `<img>`, `<video>` and `<a download>` cannot
 * send a bearer, and fetching the bytes by script first would hold a multi-GB file in memory; with a
 * link the browser streams it itself (to disk for a download, with Range requests for a video).
 * Guests and signed-in users go the same way: the link request carries the guest cookie or the
 * bearer through the API client.
 */
export interface FileLinks {
  /** A URL of the file's bytes: an attachment, or `inline` for previews (images and videos only). */
  url(fileId: string, options?: { inline?: boolean }): Promise<string>;
  /** Forgets the cached link, so the next `url` asks anew (a player whose link stopped working). */
  forget(fileId: string): void;
  /** Saves the file on the device through its link: the browser streams it to disk. */
  download(file: { id: string; name: string }): Promise<void>;
}

export interface FileLinksDeps {
  api: Pick<ApiClient, 'post'>;
  /**
   * Whose links these are (the signed-in user's id, or 'guest'). Links are cached per scope, so a
   * link asked for before signing in or out is never handed to the next session.
   */
  scope(): string;
  /** Starts the browser's download of `url` under `name` (a click on `<a download>`). */
  save?(url: string, name: string): void;
  now?: () => number;
  /**
   * A link is asked for anew this long before it expires, so a URL handed out is still good when
   * the browser starts loading it (and a video has a while to play before it needs a new one).
   */
  renewBeforeMs?: number;
}

/** Renew five minutes early: the default link lives 30 minutes (DOWNLOAD_LINK_TTL_SECONDS). */
export const RENEW_BEFORE_MS = 5 * 60_000;

interface CachedLink {
  url: string;
  expiresAt: number;
}

/** `url` with `name=value` added to its query string. */
export function withQuery(url: string, name: string, value: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
}

/** Clicks a temporary `<a download>`: the browser downloads the URL itself (no bytes in memory). */
export function clickDownload(url: string, name: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

export function createFileLinks(deps: FileLinksDeps): FileLinks {
  const now = deps.now ?? Date.now;
  const renewBefore = deps.renewBeforeMs ?? RENEW_BEFORE_MS;
  const save = deps.save ?? clickDownload;
  // Promises, not values: previews of the same file asking at once share one request. `link` is
  // set once the answer is in, so a lookup can tell a link that is due for renewal.
  const cache = new Map<string, { request: Promise<CachedLink>; link?: CachedLink }>();
  const keyOf = (fileId: string) => `${deps.scope()}\n${fileId}`;

  function link(fileId: string): Promise<CachedLink> {
    const key = keyOf(fileId);
    const cached = cache.get(key);
    if (cached && !(cached.link && cached.link.expiresAt - renewBefore <= now())) return cached.request;
    const entry: { request: Promise<CachedLink>; link?: CachedLink } = {
      request: deps.api
        .post<{ url: string; expiresAt: string }>(`/files/${encodeURIComponent(fileId)}/link`)
        .then(
          (answer) => {
            // An unreadable expiry counts as expired: the link is used once, never cached.
            entry.link = { url: answer.url, expiresAt: Date.parse(answer.expiresAt) || 0 };
            return entry.link;
          },
          (error: unknown) => {
            // A failure is not cached: the next call asks again.
            if (cache.get(key) === entry) cache.delete(key);
            throw error;
          },
        ),
    };
    // Links past their time are of no use to anyone: dropped, so a long session does not pile them up.
    for (const [other, { link: old }] of cache) if (old && old.expiresAt <= now()) cache.delete(other);
    cache.set(key, entry);
    return entry.request;
  }

  return {
    async url(fileId, options = {}) {
      const found = await link(fileId);
      return options.inline ? withQuery(found.url, 'inline', '1') : found.url;
    },
    forget(fileId) {
      cache.delete(keyOf(fileId));
    },
    async download(file) {
      const found = await link(file.id);
      save(found.url, file.name);
    },
  };
}
