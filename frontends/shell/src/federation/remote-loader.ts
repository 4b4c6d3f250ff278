import type { RemoteName, RemoteRoutesModule } from '@mediakit/web-ui/contract';
import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { loadRuntimeConfig } from './runtime-config.ts';

const registrations = new Map<RemoteName, Promise<void>>();
const failed = new Set<RemoteName>();
const loaded = new Map<RemoteName, Promise<RemoteRoutesModule>>();

/**
 * Registers the remote from the runtime config, once; after a failed load again, with `force`, so
 * the runtime forgets the manifest and entry it has and "Try again" really goes back to the network.
 */
function register(name: RemoteName): Promise<void> {
  const fresh = failed.delete(name);
  let registration = registrations.get(name);
  if (!registration || fresh) {
    registration = loadRuntimeConfig().then((config) => {
      const entry = new URL(config.remotes[name], window.location.href).href;
      registerRemotes([{ name, entry }], { force: fresh });
    });
    registrations.set(name, registration);
  }
  return registration;
}

/**
 * Starts downloading `<remote>/routes`: its manifest, remoteEntry.js, and the chunks and stylesheet
 * of `./routes` as preloads. Nothing of the remote is initialised or evaluated but its entry, so
 * this can run before the shell's shared modules are negotiated, alongside the shell's own chunks;
 * loadRemoteRoutes later finds it all fetched.
 */
export function preloadRemoteRoutes(name: RemoteName): void {
  register(name)
    .then(() => preloadRemote([{ nameOrAlias: name, exposes: ['./routes'] }]))
    // loadRemoteRoutes tries again and reports what fails.
    .catch(() => {});
}

/** Loads `<remote>/routes` through the Module Federation runtime. A failed load is forgotten. */
export function loadRemoteRoutes(name: RemoteName): Promise<RemoteRoutesModule> {
  let promise = loaded.get(name);
  if (!promise) {
    promise = (async () => {
      await register(name);
      const module = await loadRemote<RemoteRoutesModule>(`${name}/routes`);
      if (!module || typeof module.routes !== 'object') {
        throw new Error(`The ${name} remote did not provide its routes.`);
      }
      return module;
    })();
    promise.catch(() => {
      loaded.delete(name);
      failed.add(name);
    });
    loaded.set(name, promise);
  }
  return promise;
}
