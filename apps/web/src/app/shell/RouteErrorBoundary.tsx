import { ApiError } from '@recell/api';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Component, type ReactNode } from 'react';
import { ErrorPage, FailurePage } from './ErrorPage';

interface State {
  error: unknown;
}

// what the account can fix (sign in again, another account) or what is not there: the spec's page
const statusTexts: Record<number, string> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
};

interface Props {
  children: ReactNode;
  queryClient: QueryClient;
}

/**
 * A screen that throws (or whose data fails to load): a thing the server did not find or refused this account
 * gets the spec's error page; any other failure (a 5xx, a crash) its own page with Try again. Keyed by location
 * to reset.
 */
class Boundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  private retry = () => {
    // a screen throws its query's stored error: forget the failed queries so they load again on the next render
    void this.props.queryClient
      .resetQueries({ predicate: (query) => query.state.status === 'error' })
      .finally(() => this.setState({ error: null }));
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const message = error instanceof Error ? error.message : String(error);
    const statusText = error instanceof ApiError ? statusTexts[error.status] : undefined;
    if (statusText) return <ErrorPage statusText={statusText} message={message} />;
    return <FailurePage message={message} onRetry={this.retry} />;
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary queryClient={useQueryClient()}>{children}</Boundary>;
}
