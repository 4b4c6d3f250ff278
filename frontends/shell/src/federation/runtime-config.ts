import type { RemoteName } from './contract.ts';

/**
 * `/runtime-config.json`, written by the gateway from its environment at start (REMOTE_TOOLS_URL,
 * REMOTE_DASHBOARD_URL): where each remote's mf-manifest.json lives. Read at runtime, so a remote
 * moves or redeploys without rebuilding the shell.
 */
export interface RuntimeConfig {
  remotes: Record<RemoteName, string>;
}

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  remotes: {
    tools: '/remotes/tools/mf-manifest.json',
    dashboard: '/remotes/dashboard/mf-manifest.json',
  },
};

let pending: Promise<RuntimeConfig> | undefined;

export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= fetch('/runtime-config.json', { cache: 'no-cache' })
    .then(async (response) => {
      if (!response.ok) throw new Error(`runtime-config.json answered ${response.status}`);
      const config = (await response.json()) as Partial<RuntimeConfig>;
      return { remotes: { ...DEFAULT_RUNTIME_CONFIG.remotes, ...config.remotes } };
    })
    .catch((error) => {
      // Without the file the same-origin defaults still work; a later call tries again.
      console.warn('Using the default remotes:', error);
      pending = undefined;
      return DEFAULT_RUNTIME_CONFIG;
    });
  return pending;
}
