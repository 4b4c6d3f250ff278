import { Component, type ReactNode } from 'react';

interface Props {
  /** What to show instead once rendering failed; `reset` renders the children again. */
  fallback: (reset: () => void) => ReactNode;
  /** Says in the console what failed, e.g. "A remote page failed to render:". */
  label: string;
  children: ReactNode;
}

/**
 * Catches what throws while rendering below it (a remote page, a part whose code did not load), so
 * the rest of the page stays.
 */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(this.props.label, error);
  }

  render() {
    return this.state.failed
      ? this.props.fallback(() => this.setState({ failed: false }))
      : this.props.children;
  }
}
