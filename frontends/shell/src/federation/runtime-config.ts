import type { RemoteName } from '@mediakit/web-ui/contract';

/**
 * `/runtime-config.json`, written by the gateway from its environment at start (REMOTE_TOOLS_URL,
 * REMOTE_DASHBOARD_URL, PUBLIC_URL): where each remote's mf-manifest.json lives, and the origin
 * the pages' canonical links name. Read at runtime, so a remote moves or redeploys without
 * rebuilding the shell.
 */
export interface RuntimeConfig {
  remotes: Record<RemoteName, string>;
  /** PUBLIC_URL without a trailing slash; absent where no gateway wrote the config. */
  publicUrl?: string;
}

/** A config as written (fields may be missing) over the defaults. */
const withDefaults = (config: Partial<RuntimeConfig>): RuntimeConfig => ({
  remotes: { ...DEFAULT_RUNTIME_CONFIG.remotes, ...config.remotes },
  ...(typeof config.publicUrl === 'string' ? { publicUrl: config.publicUrl } : {}),
});

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  remotes: {
    tools: '/remotes/tools/mf-manifest.json',
    dashboard: '/remotes/dashboard/mf-manifest.json',
  },
};

let pending: Promise<RuntimeConfig> | undefined;

/**
 * The config the gateway wrote into the page (`<script type="application/json"
 * id="mk-runtime-config">`, services/gateway/src/web/boot-hints.ts), which saves a page that shows
 * a remote one round trip; undefined where the page has none (a static server, development).
 */
export function inlineRuntimeConfig(doc: Pick<Document, 'getElementById'>): RuntimeConfig | undefined {
  const text = doc.getElementById('mk-runtime-config')?.textContent;
  if (!text) return undefined;
  try {
    return withDefaults(JSON.parse(text) as Partial<RuntimeConfig>);
  } catch {
    return undefined;
  }
}

export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const inline = pending ? undefined : inlineRuntimeConfig(document);
  if (inline) pending = Promise.resolve(inline);
  pending ??= fetch('/runtime-config.json', { cache: 'no-cache' })
    .then(async (response) => {
      if (!response.ok) throw new Error(`runtime-config.json answered ${response.status}`);
      return withDefaults((await response.json()) as Partial<RuntimeConfig>);
    })
    .catch((error) => {
      // Without the file the same-origin defaults still work; a later call tries again.
      console.warn('Using the default remotes:', error);
      pending = undefined;
      return DEFAULT_RUNTIME_CONFIG;
    });
  return pending;
}
