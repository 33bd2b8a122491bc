import { ApiError } from '@recell/api';
import { Component, type ReactNode } from 'react';
import { ErrorPage } from './ErrorPage';

interface State {
  error: unknown;
}

const statusTexts: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
};

/** A screen that throws (or whose data fails to load) shows the error page; keyed by location to reset. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const message = error instanceof Error ? error.message : String(error);
    const statusText = error instanceof ApiError ? statusTexts[error.status] : undefined;
    return <ErrorPage {...(statusText ? { statusText } : {})} message={message} />;
  }
}
