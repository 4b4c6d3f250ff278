import { Component, type ReactNode, Suspense } from 'react';

interface LazyPartProps {
  children: ReactNode;
  /**
   * Shown when its code failed to load, with a retry (a lazyRetry part fetches again). Nothing by
   * default: for a part the page works without, such as an editor beside the form.
   */
  failed?: (retry: () => void) => ReactNode;
}

/**
 * A lazily loaded part inside the page: nothing while its code loads (it arrives where nothing
 * was), and its own failure state rather than the whole page's error panel, so the page keeps
 * what the visitor did (their uploads, a finished job).
 */
export function LazyPart({ children, failed }: LazyPartProps) {
  return (
    <Boundary failed={failed}>
      <Suspense fallback={null}>{children}</Suspense>
    </Boundary>
  );
}

class Boundary extends Component<LazyPartProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('Part of the page failed to load:', error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return this.props.failed?.(() => this.setState({ failed: false })) ?? null;
  }
}
