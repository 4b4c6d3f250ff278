import { type ComponentType, lazy } from 'react';

/**
 * A component whose code is its own chunk, fetched on first render (render it inside Suspense).
 * Unlike a bare `lazy()`, a failed fetch is not kept: the next render fetches again, so the shell's
 * "Try again" (its error boundary's reset) really goes back to the network.
 */
export function lazyRetry<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const attempt = () =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          current = attempt();
          throw error;
        },
      ),
    );
  let current = attempt();
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at module level, as lazy() is
  return function LazyRetry(props: P) {
    const Current = current;
    return <Current {...props} />;
  };
}
