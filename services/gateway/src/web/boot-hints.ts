import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { escapeHtml } from '@mediakit/kit';
import { remoteAt } from '@mediakit/page-meta/remote-at';
import { scriptJson } from './page-head.ts';

export interface BootHintsOptions {
  /** The runtime config (`/runtime-config.json`): the remotes' manifests and the public origin. */
  runtimeConfig: { remotes: { tools: string; dashboard: string }; publicUrl: string };
  /** A remote's build folder when this gateway serves it: its manifest names its first files. */
  remoteRoots: { tools?: string; dashboard?: string };
}

/**
 * What the first HTML response tells the browser so a page that shows a remote (a tool, the
 * dashboard) starts fetching it at once instead of one step at a time after the shell has run:
 * the runtime config inline (no `/runtime-config.json` round trip), and preload links for the
 * remote's manifest and, when this gateway serves the remote, its remoteEntry.js and the files of
 * its exposed routes module (scripts and stylesheet); and the API requests the page makes first
 * (a tool page: its tool). The shell's Module Federation runtime and the page then find them
 * already downloaded. On a slow phone connection each round trip saved is a few
 * hundred milliseconds before the page's largest paint.
 *
 * The preloads match how the runtime fetches: the manifest and the API requests with `fetch()`
 * (CORS mode, same-origin credentials: `crossorigin="anonymous"`), scripts with plain script elements, the stylesheet with
 * a plain link element.
 */
export function createBootHints(options: BootHintsOptions) {
  const runtimeConfig = `<script type="application/json" id="mk-runtime-config">${scriptJson(options.runtimeConfig)}</script>`;
  const { remotes } = options.runtimeConfig;
  const filesCache = new Map<string, { mtimeMs: number; files: RemoteFiles }>();

  /** The remote's files a page needs first, from its built manifest, read again only when it changes. */
  async function remoteFiles(remote: 'tools' | 'dashboard'): Promise<RemoteFiles> {
    const root = options.remoteRoots[remote];
    if (!root) return NO_FILES;
    const file = path.join(root, 'mf-manifest.json');
    try {
      const { mtimeMs } = await stat(file);
      const cached = filesCache.get(file);
      if (cached?.mtimeMs === mtimeMs) return cached.files;
      const files = filesFromManifest(JSON.parse(await readFile(file, 'utf8')), remotes[remote]);
      filesCache.set(file, { mtimeMs, files });
      return files;
    } catch {
      return NO_FILES; // no build (yet): the runtime finds its files itself
    }
  }

  /** `fetches`: API paths the page requests first (RouteHead), preloaded as its own fetch() makes them. */
  return async function bootHints(pathname: string, fetches: readonly string[] = []): Promise<string> {
    const lines = [runtimeConfig];
    const remote = remoteAt(pathname);
    if (remote) {
      lines.push(
        `<link rel="preload" href="${escapeHtml(remotes[remote])}" as="fetch" crossorigin="anonymous">`,
      );
      const files = isOnThisOrigin(remotes[remote]) ? await remoteFiles(remote) : NO_FILES;
      for (const script of files.scripts)
        lines.push(`<link rel="preload" href="${escapeHtml(script)}" as="script">`);
      for (const style of files.styles)
        lines.push(`<link rel="preload" href="${escapeHtml(style)}" as="style">`);
    }
    for (const api of fetches)
      lines.push(`<link rel="preload" href="${escapeHtml(api)}" as="fetch" crossorigin="anonymous">`);
    return lines.join('\n    ');
  };
}

const isOnThisOrigin = (url: string) => url.startsWith('/') && !url.startsWith('//');

interface RemoteFiles {
  /** remoteEntry.js, then the chunks its exposed routes module needs before it runs. */
  scripts: string[];
  /** The stylesheets of that module. */
  styles: string[];
}

const NO_FILES: RemoteFiles = { scripts: [], styles: [] };

interface BuiltManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

/**
 * The URL paths of a remote's first files, from its mf-manifest.json: the files sit beside the
 * manifest (publicPath "auto"), so they resolve against the manifest's URL path.
 */
export function filesFromManifest(manifest: BuiltManifest, manifestUrl: string): RemoteFiles {
  const at = (name: string, dir = '') =>
    new URL(`${dir ? `${dir}/` : ''}${name}`, new URL(manifestUrl, 'http://self')).pathname;
  const { name, path: dir } = manifest.metaData?.remoteEntry ?? {};
  const exposes = manifest.exposes ?? [];
  return {
    scripts: [
      ...(name ? [at(name, dir)] : []),
      ...exposes.flatMap((expose) => expose.assets?.js?.sync ?? []).map((file) => at(file)),
    ],
    styles: exposes.flatMap((expose) => expose.assets?.css?.sync ?? []).map((file) => at(file)),
  };
}
