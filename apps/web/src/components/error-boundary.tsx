import { Component, type ErrorInfo, type ReactNode } from 'react';
import { t } from '../lib/i18n';
import { classifyChunkError } from '../lib/lazy';

interface ErrorFallbackProps {
  error: unknown;
  /** Smaller panel for a part of the page rather than the whole screen. */
  compact?: boolean;
}

/** A friendly message with a reload button, for render errors and lazy-chunk failures alike. */
export function ErrorFallback({ error, compact = false }: ErrorFallbackProps) {
  const isChunk = classifyChunkError(error) !== null;
  return (
    <div
      role="alert"
      className={`mx-auto max-w-xl rounded-xl border border-red-200 bg-white text-center shadow-sm ${compact ? 'my-4 p-6' : 'my-16 p-10'}`}
    >
      <h2 className="text-xl font-bold text-slate-900">{t('errors.boundaryTitle')}</h2>
      <p className="mt-2 text-slate-700">{isChunk ? t('errors.chunkText') : t('errors.boundaryText')}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 rounded-lg bg-emerald-800 px-5 py-2.5 font-semibold text-white hover:bg-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
      >
        {t('errors.reload')}
      </button>
    </div>
  );
}

interface ErrorBoundaryProps {
  children: ReactNode;
  compact?: boolean;
}

interface ErrorBoundaryState {
  error: unknown;
  hasError: boolean;
}

/** Catches render errors of a risky panel so the rest of the page keeps working. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('ErrorBoundary caught', error, info.componentStack);
  }

  override render() {
    if (this.state.hasError) return <ErrorFallback error={this.state.error} compact={this.props.compact} />;
    return this.props.children;
  }
}
