/**
 * The search box with suggestions: a WAI-ARIA combobox (input role=combobox, aria-expanded,
 * aria-controls a listbox, aria-activedescendant on the active option). SPEC §2/§4 "Search box":
 * suggestions for 2+ characters after 300 ms, 5 at most, cached 60 s; arrows move, Enter chooses,
 * Escape closes; closes on outside click and 200 ms after blur; a brand goes to its page, a
 * category to its page, anything else runs a search; submitting records the search, goes to
 * /search?q=… and clears the input; a blank query does nothing.
 */
import { useStore } from '@nanostores/react';
import {
  type FormEvent,
  type KeyboardEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { trackAction } from '../../analytics/analytics.ts';
import type { SearchSuggestion } from '../../catalog/search-schemas.ts';
import { groupSuggestions } from '../../catalog/suggest.ts';
import { createTranslator } from '../../i18n/client.ts';
import type { Messages } from '../../i18n/index.ts';
import { localizePath } from '../../i18n/paths.ts';
import { SEARCH_BOX_FILL_EVENT } from '../../page-chrome/search-query.ts';
import {
  BLUR_CLOSE_MS,
  browserSearchBox,
  normalizeQuery,
  prepareSearchRecord,
  recordSearchQuery,
  SUGGESTION_MIN_CHARS,
  searchHref,
  suggestionHref,
} from '../../stores/search.ts';
import { StrokeIcon, SuggestionGroups } from './SuggestionGroups.tsx';
import { searchInputClass } from './search-input-class.ts';

/** Wait at most this long for the search to be recorded before leaving the page. */
const RECORD_WAIT_MS = 400;

export interface SearchBoxProps {
  lang: string;
  defaultLang: string;
  messages: Record<string, Messages>;
  /** Text already typed into the plain form before the island took over. */
  initialText?: string;
  autoFocus?: boolean;
  /** Where the caret (or selection) was in the pre-rendered input, kept when it takes focus. */
  initialSelection?: readonly [number, number];
  minChars?: number;
  /** Accessible name of the search landmark (the header's and the search page's differ). */
  formLabel?: string;
  /** Extra classes of the form (width behaviour differs between the header and the search page). */
  formClass?: string;
  inputClass?: string;
  /** Leave the page this way (tests and the search page can replace it). */
  navigate?: (href: string) => void;
}

function defaultNavigate(href: string): void {
  window.location.assign(href);
}

export default function SearchBox(props: SearchBoxProps) {
  const { lang, defaultLang, messages, minChars = SUGGESTION_MIN_CHARS, navigate = defaultNavigate } = props;
  const t = createTranslator(lang, messages);
  // Text typed before the island took over is in the store before the first render, so the input
  // mounts with it and the caret set below stays where it was.
  // biome-ignore lint/correctness/useExhaustiveDependencies: initialText is read once, on mount
  const store = useMemo(() => {
    const s = browserSearchBox(minChars);
    if (props.initialText) s.setText(props.initialText);
    return s;
  }, [minChars]);
  const text = useStore(store.$text);
  const query = useStore(store.$query);
  const { data, loading, error } = useStore(store.$suggestions);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const baseId = useId();
  const listId = `${baseId}-list`;
  const optionId = (i: number) => `${baseId}-opt-${i}`;
  const rootRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Each type under its own heading (issue 33); the arrows follow the order on screen.
  const grouped = useMemo(() => groupSuggestions(query !== null && data && !error ? data : []), [query, data, error]);
  const suggestions: SearchSuggestion[] = grouped.flat;
  const showPanel = open && query !== null && (loading || data !== undefined);
  const expanded = showPanel && suggestions.length > 0;

  // Take over text typed before hydration and keep focus where it was.
  // biome-ignore lint/correctness/useExhaustiveDependencies: run once on mount
  useLayoutEffect(() => {
    if (props.autoFocus && inputRef.current) {
      const input = inputRef.current;
      input.focus();
      const end = input.value.length;
      const [from, to] = props.initialSelection ?? [end, end];
      input.setSelectionRange(Math.min(from, end), Math.min(to, end));
      if (props.initialText) setOpen(true);
    }
  }, []);

  // A new list starts with nothing active.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the suggestions change
  useEffect(() => setActive(-1), [data, query]);

  // Close on a click outside.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  useEffect(() => () => clearTimeout(blurTimer.current), []);

  // The box takes over when the shopper starts using it: a search is likely to follow.
  useEffect(() => {
    void prepareSearchRecord();
  }, []);

  // On the search page: show the query whose results are on screen, unless the visitor is typing here.
  useEffect(() => {
    const host = rootRef.current?.closest<HTMLElement>('[data-search-box]');
    if (!host) return;
    const onFill = (e: Event) => {
      const q = (e as CustomEvent<unknown>).detail;
      if (typeof q !== 'string' || inputRef.current === document.activeElement) return;
      store.clear();
      store.$text.set(q);
    };
    host.addEventListener(SEARCH_BOX_FILL_EVENT, onFill);
    return () => host.removeEventListener(SEARCH_BOX_FILL_EVENT, onFill);
  }, [store]);

  function close() {
    setOpen(false);
    setActive(-1);
  }

  async function runSearch(raw: string) {
    const q = normalizeQuery(raw);
    if (!q) return;
    close();
    store.clear();
    if (inputRef.current) inputRef.current.value = '';
    trackAction('search', { search_term: q });
    const recorded = recordSearchQuery(q);
    await Promise.race([recorded, new Promise((resolve) => setTimeout(resolve, RECORD_WAIT_MS))]);
    navigate(searchHref(q, lang, defaultLang));
  }

  function choose(s: SearchSuggestion) {
    const href = suggestionHref(s, lang, defaultLang);
    if (href) {
      close();
      store.clear();
      navigate(href);
    } else {
      void runSearch(s.title);
    }
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const chosen = active >= 0 ? suggestions[active] : undefined;
    if (expanded && chosen) choose(chosen);
    else void runSearch(text);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    const n = suggestions.length;
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        setOpen(true);
        if (n > 0) setActive((i) => (i + 1) % n);
        break;
      case 'ArrowUp':
        e.preventDefault();
        setOpen(true);
        if (n > 0) setActive((i) => (i <= 0 ? n - 1 : i - 1));
        break;
      case 'Escape':
        if (open) {
          e.preventDefault();
          close();
        }
        break;
      default:
        break;
    }
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for the browsers we support
    <form
      ref={rootRef}
      action={localizePath('/search', lang, defaultLang)}
      method="get"
      role="search"
      aria-label={props.formLabel}
      className={`search-form relative w-full ${props.formClass ?? ''}`}
      onSubmit={onSubmit}
    >
      <input
        ref={inputRef}
        type="search"
        name="q"
        role="combobox"
        aria-label={t('common:header.searchLabel')}
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        placeholder={t('common:header.searchPlaceholder')}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        value={text}
        onChange={(e) => {
          store.setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => {
          clearTimeout(blurTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          clearTimeout(blurTimer.current);
          blurTimer.current = setTimeout(close, BLUR_CLOSE_MS);
        }}
        onKeyDown={onKeyDown}
        className={searchInputClass(props.inputClass)}
      />
      <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-muted" aria-hidden="true">
        <StrokeIcon d="M21 21l-4.35-4.35M10.5 18a7.5 7.5 0 1 1 0-15 7.5 7.5 0 0 1 0 15z" />
      </span>
      <button type="submit" className="sr-only">
        {t('common:header.searchSubmit')}
      </button>
      <div
        id={listId}
        role="listbox"
        aria-label={t('search:box.suggestions')}
        hidden={!expanded}
        className="absolute left-0 right-0 top-full z-50 mt-2 max-h-[70vh] min-w-72 overflow-y-auto rounded-xl border border-line bg-surface py-1 shadow-lg md:left-auto md:w-[28rem] md:max-w-[calc(100vw-2rem)]"
      >
        <SuggestionGroups
          groups={grouped.groups}
          active={active}
          baseId={baseId}
          optionId={optionId}
          t={t}
          onActive={setActive}
          onChoose={choose}
        />
      </div>
      {showPanel && !expanded && (
        <div className="absolute left-0 right-0 top-full z-50 mt-2 min-w-72 rounded-xl border border-line bg-surface px-4 py-3 text-sm text-muted shadow-lg md:left-auto md:w-[28rem]">
          {loading ? t('search:box.loading') : t('search:box.none')}
        </div>
      )}
      <span className="sr-only" role="status" aria-live="polite">
        {expanded ? t('search:box.status', { count: suggestions.length }) : ''}
      </span>
    </form>
  );
}
