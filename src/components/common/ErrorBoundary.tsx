/**
 * Error boundary for islands (SPEC §2 "Error boundary"): "Oops! Something went wrong"
 * with Refresh Page and Try Again. Texts come in as props (already translated).
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface ErrorBoundaryTexts {
  title: string;
  text: string;
  refresh: string;
  tryAgain: string;
}

interface Props {
  texts: ErrorBoundaryTexts;
  children: ReactNode;
  /** Called when Try Again is pressed, before the children render again. */
  onReset?: () => void;
}

interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Island crashed', error, info.componentStack);
  }

  reset = () => {
    this.props.onReset?.();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { texts } = this.props;
    return (
      <div role="alert" className="card mx-auto my-6 max-w-xl p-6 text-center">
        <h2 className="text-lg font-bold text-ink">{texts.title}</h2>
        <p className="mt-2 text-sm text-muted">{texts.text}</p>
        <div className="mt-5 flex flex-wrap justify-center gap-3">
          <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
            {texts.refresh}
          </button>
          <button type="button" className="btn-secondary" onClick={this.reset}>
            {texts.tryAgain}
          </button>
        </div>
      </div>
    );
  }
}

/** The boundary's texts from a translate function over the "common" namespace. */
export function errorBoundaryTexts(t: (key: string) => string): ErrorBoundaryTexts {
  return {
    title: t('common:errorBoundary.title'),
    text: t('common:errorBoundary.text'),
    refresh: t('common:errorBoundary.refresh'),
    tryAgain: t('common:errorBoundary.tryAgain'),
  };
}
