import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName, RemoteRoutesModule } from './contract.ts';
import { loadRuntimeConfig } from './runtime-config.ts';

const registered = new Set<RemoteName>();
const loaded = new Map<RemoteName, Promise<RemoteRoutesModule>>();

/**
 * Loads `<remote>/routes` through the Module Federation runtime, registering the remote from the
 * runtime config on first use. A failed load is forgotten (and the remote re-registered with
 * `force`), so "Try again" really goes back to the network.
 */
export function loadRemoteRoutes(name: RemoteName): Promise<RemoteRoutesModule> {
  let promise = loaded.get(name);
  if (!promise) {
    promise = (async () => {
      const config = await loadRuntimeConfig();
      const entry = new URL(config.remotes[name], window.location.href).href;
      registerRemotes([{ name, entry }], { force: registered.has(name) });
      registered.add(name);
      const module = await loadRemote<RemoteRoutesModule>(`${name}/routes`);
      if (!module || typeof module.routes !== 'object') {
        throw new Error(`The ${name} remote did not provide its routes.`);
      }
      return module;
    })();
    promise.catch(() => loaded.delete(name));
    loaded.set(name, promise);
  }
  return promise;
}
