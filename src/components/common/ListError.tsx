/**
 * A list or section that could not load and has nothing to show (coupons, deals, brands,
 * categories, search, home): a title, a line of help and a Try Again (or Refresh) button.
 */
import type { ReactNode } from 'react';

export type ListErrorProps = {
  title: string;
  text: string;
  /** Without it, no button. */
  retry?: { label: string; onRetry: () => void } | undefined;
  /** Heading level of the title (p: not a heading). */
  as?: 'h2' | 'h3' | 'p';
  /** data-error value, e.g. "coupons" (tests and styles find the state by it). */
  name?: string;
  className?: string;
  /** A decorative icon above the title (e.g. an emoji). */
  icon?: string;
  /** Extra content under the button (e.g. error details). */
  children?: ReactNode;
};

export function ListError({
  title,
  text,
  retry,
  as: Title = 'p',
  name,
  className = 'card mx-auto max-w-xl px-6 py-12 text-center',
  icon,
  children,
}: ListErrorProps) {
  return (
    <div role="alert" className={className} data-error={name}>
      {icon && (
        <p className="mb-3 text-4xl" aria-hidden="true">
          {icon}
        </p>
      )}
      <Title className="text-lg font-bold text-ink">{title}</Title>
      <p className="mt-2 text-sm text-muted">{text}</p>
      {retry && (
        <button type="button" className="btn-primary mt-5" onClick={retry.onRetry}>
          {retry.label}
        </button>
      )}
      {children}
    </div>
  );
}
