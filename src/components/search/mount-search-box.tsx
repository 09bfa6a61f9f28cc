/**
 * Turns a server-rendered plain search form into the search-box island. Loaded by the small
 * script of SearchSlot.astro on the first interaction with the box, so the box adds no
 * JavaScript to the first load. Whatever was typed before keeps its place and focus.
 */
import { Component, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { Messages } from '../../i18n/index.ts';
import { FORM_SUBMIT_FIELD } from '../../stores/search.ts';
import SearchBox from './SearchBox.tsx';

export interface SearchBoxHostProps {
  lang: string;
  defaultLang: string;
  minChars: number;
  messages: Record<string, Messages>;
}

/** If the island crashes, the box goes back to the plain form it replaced. */
class FallbackBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    console.error('Search box crashed', error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

let count = 0;

export function mountSearchBox(host: HTMLElement): void {
  if (host.dataset.mounted) return;
  host.dataset.mounted = 'true';
  // The header's second box (phones) has no props of its own: the page's first box's are the same.
  const raw = host.dataset.props ?? document.querySelector<HTMLElement>('[data-search-box][data-props]')?.dataset.props;
  const props = JSON.parse(raw ?? '{}') as SearchBoxHostProps;
  const input = host.querySelector('input');
  const initialText = input?.value ?? '';
  const autoFocus = host.contains(document.activeElement);
  // A click in the middle of a filled box (the search page shows its query) types there.
  const initialSelection =
    autoFocus && input && input.selectionStart !== null && input.selectionEnd !== null
      ? ([input.selectionStart, input.selectionEnd] as const)
      : undefined;
  const form = host.querySelector('form');
  const action = form?.getAttribute('action') ?? '/search';
  // The landmark's name (the header's and the search page's differ) stays with the form.
  const formLabel = form?.getAttribute('aria-label') ?? undefined;
  const label = input?.getAttribute('aria-label') ?? '';
  const placeholder = input?.getAttribute('placeholder') ?? '';
  const fallback = (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for the browsers we support
    <form action={action} method="get" role="search" aria-label={formLabel} className="relative w-full">
      <input
        type="search"
        name="q"
        aria-label={label}
        placeholder={placeholder}
        className="h-10 w-full rounded-full border border-line bg-page px-4 text-sm text-ink"
      />
      <input type="hidden" name={FORM_SUBMIT_FIELD.name} value={FORM_SUBMIT_FIELD.value} />
    </form>
  );
  const root = createRoot(host, { identifierPrefix: `sb${++count}-` });
  // Synchronously, so no keystroke falls between reading the old input and focusing the new one.
  flushSync(() =>
    root.render(
      <FallbackBoundary fallback={fallback}>
        <SearchBox
          {...props}
          initialText={initialText}
          autoFocus={autoFocus}
          {...(initialSelection ? { initialSelection } : {})}
          {...(formLabel ? { formLabel } : {})}
          formClass={host.dataset.formClass ?? ''}
        />
      </FallbackBoundary>,
    ),
  );
}
