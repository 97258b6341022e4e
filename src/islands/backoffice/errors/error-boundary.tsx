import { Component, type ErrorInfo, type ReactNode } from 'react';
import { retryFailedScreens } from '../screens.tsx';

interface Props {
  fallback: (error: unknown, retry: () => void) => ReactNode;
  children: ReactNode;
}

/** Catches errors thrown while rendering or routing, so a broken screen shows the server-error view. */
export class ErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('The back-office could not render this screen', error, info.componentStack);
  }

  retry = () => {
    retryFailedScreens();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error !== null) return this.props.fallback(this.state.error, this.retry);
    return this.props.children;
  }
}
