import { type ComponentType, type ReactNode, startTransition, useEffect, useState } from 'react';
import { loadOnce } from './load-once.ts';

/** A component whose code is a chunk of its own (see lazyComponent). */
export interface LazyComponent<P> {
  (props: P): ReactNode;
  /** Starts fetching the code now, before the first render needs it (a failure is left to that render). */
  preload(): void;
}

/**
 * A component whose code is a chunk of its own, fetched on its first render or by `preload()`. It
 * renders `placeholder` until the code is here, then the component; if the code was preloaded, the
 * component shows in the very render that first needs it.
 *
 * Not React.lazy with Suspense: React holds a Suspense boundary's content back until 300 ms after
 * its fallback appeared (FALLBACK_THROTTLE_MS), and a lazy component always shows the fallback
 * once, even when its code is already here. A tool page's lead paragraph, its largest paint, came
 * 300 ms after its code; a job's result 300 ms after the job ended.
 *
 * A failed fetch is thrown to the nearest error boundary (LazyPart, or the shell's panel around a
 * remote's page), and not kept: that boundary's "Try again" mounts this anew, which fetches again.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  placeholder: ReactNode = null,
): LazyComponent<P> {
  const code = loadOnce(load);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at module level, as lazy() is
  function Lazy(props: P) {
    const [, setArrived] = useState(false);
    const [failure, setFailure] = useState<{ error: unknown }>();
    useEffect(() => {
      if (code.value) return;
      let mounted = true;
      code().then(
        () => {
          // A transition, as the shell's first render is: a long page renders in short tasks.
          if (mounted) startTransition(() => setArrived(true));
        },
        (error: unknown) => {
          if (mounted) setFailure({ error });
        },
      );
      return () => {
        mounted = false;
      };
    }, []);
    if (failure) throw failure.error;
    const Component = code.value;
    return Component ? <Component {...props} /> : placeholder;
  }
  Lazy.preload = () => {
    code().catch(() => {});
  };
  return Lazy;
}
