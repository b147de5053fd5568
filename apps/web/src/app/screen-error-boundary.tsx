import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { ErrorScreen } from './error-screen.tsx';

interface BoundaryProps {
  path: string;
  children: ReactNode;
}

/** A screen that fails to load (a chunk lost to the network) or to render shows the error screen. */
class PathErrorBoundary extends Component<BoundaryProps, { failed: boolean; path: string }> {
  override state = { failed: false, path: this.props.path };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  // The next address tries again: the person is not stuck on the error screen by a link that works.
  static getDerivedStateFromProps(props: BoundaryProps, state: { path: string }) {
    return props.path === state.path ? null : { failed: false, path: props.path };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A screen failed to load or to render', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}

export function ScreenErrorBoundary({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  return <PathErrorBoundary path={path}>{children}</PathErrorBoundary>;
}
