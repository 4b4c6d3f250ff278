import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { remoteAt } from '../../../../frontends/shell/src/federation/remote-at.ts';
import { escapeHtml, scriptJson } from './page-head.ts';

export interface BootHintsOptions {
  /** Each remote's mf-manifest.json as the browser fetches it (the runtime config). */
  remotes: { tools: string; dashboard: string };
  /** A remote's build folder when this gateway serves it: its manifest names its remoteEntry.js. */
  remoteRoots: { tools?: string; dashboard?: string };
}

/**
 * What the first HTML response tells the browser so a page that shows a remote (a tool, the
 * dashboard) starts fetching it at once instead of one step at a time after the shell has run:
 * the runtime config inline (no `/runtime-config.json` round trip), and preload links for the
 * remote's manifest and, when this gateway serves the remote, its remoteEntry.js. The shell's
 * Module Federation runtime then finds both already downloaded. On a slow phone connection each
 * round trip saved is a few hundred milliseconds before the page's largest paint.
 *
 * The preloads match how the runtime fetches: the manifest with `fetch()` (CORS mode, same-origin
 * credentials: `crossorigin="anonymous"`), remoteEntry.js with a plain script element.
 */
export function createBootHints(options: BootHintsOptions) {
  const runtimeConfig = `<script type="application/json" id="mk-runtime-config">${scriptJson({ remotes: options.remotes })}</script>`;
  const entryCache = new Map<string, { mtimeMs: number; entry: string | undefined }>();

  /** remoteEntry.js's URL from the remote's built manifest, read again only when it changes. */
  async function remoteEntryUrl(remote: 'tools' | 'dashboard'): Promise<string | undefined> {
    const root = options.remoteRoots[remote];
    if (!root) return undefined;
    const file = path.join(root, 'mf-manifest.json');
    try {
      const { mtimeMs } = await stat(file);
      const cached = entryCache.get(file);
      if (cached?.mtimeMs === mtimeMs) return cached.entry;
      const manifest = JSON.parse(await readFile(file, 'utf8')) as {
        metaData?: { remoteEntry?: { name?: string; path?: string } };
      };
      const { name, path: dir = '' } = manifest.metaData?.remoteEntry ?? {};
      // The entry sits beside the manifest (publicPath "auto"); resolved against its URL path.
      const entry = name
        ? new URL(`${dir ? `${dir}/` : ''}${name}`, new URL(options.remotes[remote], 'http://self')).pathname
        : undefined;
      entryCache.set(file, { mtimeMs, entry });
      return entry;
    } catch {
      return undefined; // no build (yet): the runtime finds the entry itself
    }
  }

  return async function bootHints(pathname: string): Promise<string> {
    const lines = [runtimeConfig];
    const remote = remoteAt(pathname);
    if (remote) {
      lines.push(
        `<link rel="preload" href="${escapeHtml(options.remotes[remote])}" as="fetch" crossorigin="anonymous">`,
      );
      const entry = isOnThisOrigin(options.remotes[remote]) ? await remoteEntryUrl(remote) : undefined;
      if (entry) lines.push(`<link rel="preload" href="${escapeHtml(entry)}" as="script">`);
    }
    return lines.join('\n    ');
  };
}

const isOnThisOrigin = (url: string) => url.startsWith('/') && !url.startsWith('//');
