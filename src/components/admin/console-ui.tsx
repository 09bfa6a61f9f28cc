/**
 * Small shared pieces of the operator console (OffersConsole.tsx): the failure message, a
 * loader hook with loading / error / data states, the relative time of an answer.
 */
import { useCallback, useEffect, useState } from 'react';
import { timeAgo } from '../../catalog/health.ts';
import type { createTranslator } from '../../i18n/client.ts';
import type { Failure, Outcome } from '../../stores/admin-console.ts';

export type T = ReturnType<typeof createTranslator>;

/** The sentence for a failed call (the server's message names the field of a 400). */
export function failureText(t: T, f: Failure): string {
  switch (f.kind) {
    case 'unauthorized':
      return t('console:error.session');
    case 'csrf':
      return t('console:error.csrf');
    case 'rate-limited':
      return f.retryAfter === null
        ? t('console:error.rateLimited')
        : t('console:error.rateLimitedFor', { count: f.retryAfter });
    case 'not-set-up':
      return t('console:noConsole.notSetUp');
    case 'no-console':
      return t('console:error.unreachable');
    case 'bad-reply':
      return t('console:error.badReply', { path: f.path });
    case 'invalid':
      return t('console:error.refused', { status: f.status, message: f.message });
  }
}

export type Loaded<D> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; data: D };

/**
 * Runs `load` now and on `reload()`; a failure shows as an error message, except a lost session,
 * which goes to `onSessionLost`.
 */
export function useLoad<D>(load: () => Promise<Outcome<D>>, t: T, onSessionLost: () => void) {
  const [value, setValue] = useState<Loaded<D>>({ state: 'loading' });
  const reload = useCallback(async () => {
    setValue({ state: 'loading' });
    const o = await load();
    if (o.ok) setValue({ state: 'ready', data: o.data });
    else if (o.kind === 'unauthorized') onSessionLost();
    else setValue({ state: 'error', message: failureText(t, o) });
  }, [load, t, onSessionLost]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return [value, reload] as const;
}

const relative = new Map<string, Intl.RelativeTimeFormat>();
/** "2 hr. ago" for `iso` at `now` (the site's timeAgo), or the date itself when unreadable. */
export function ago(t: T, lang: string, iso: string, now: number): string {
  const a = timeAgo(iso, now);
  if (!a) return iso;
  if (a.unit === 'minute' && a.value === 0) return t('console:time.justNow');
  let f = relative.get(lang);
  if (!f) {
    f = new Intl.RelativeTimeFormat(lang, { style: 'short', numeric: 'auto' });
    relative.set(lang, f);
  }
  return f.format(a.value, a.unit);
}

const dates = new Map<string, Intl.DateTimeFormat>();
/** A date (and time, with `withTime`) in the operator's language and time zone, or the text itself when unreadable. */
export function formatDate(lang: string, iso: string, withTime = false): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const key = `${lang}|${withTime}`;
  let f = dates.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' });
    dates.set(key, f);
  }
  return f.format(at);
}

/** An audit row's action in the operator's language ("refused 401" → "Refused (401)"); an unknown one as the server wrote it. */
export function actionLabel(t: T, action: string): string {
  const refused = /^refused (\d{3})$/.exec(action);
  if (refused) return t('console:audit.do.refused', { status: refused[1] });
  // Literal keys, so the island's key list (./console-keys.ts) is checked against them.
  const labels: Record<string, () => string> = {
    login: () => t('console:audit.do.login'),
    logout: () => t('console:audit.do.logout'),
    hide: () => t('console:audit.do.hide'),
    unhide: () => t('console:audit.do.unhide'),
    pin: () => t('console:audit.do.pin'),
    unpin: () => t('console:audit.do.unpin'),
    edit: () => t('console:audit.do.edit'),
    verify: () => t('console:audit.do.verify'),
    dismiss: () => t('console:audit.do.dismiss'),
    rename: () => t('console:audit.do.rename'),
    block: () => t('console:audit.do.block'),
    unblock: () => t('console:audit.do.unblock'),
  };
  return Object.hasOwn(labels, action) ? labels[action]!() : action;
}

export function LoadState({
  t,
  value,
  empty,
  emptyText,
}: {
  t: T;
  value: Loaded<unknown>;
  empty: boolean;
  /** What an empty list means here (default: "Nothing here yet."). */
  emptyText?: string;
}) {
  if (value.state === 'loading')
    return (
      <p className="text-sm text-muted" role="status">
        {t('console:state.loading')}
      </p>
    );
  if (value.state === 'error')
    return (
      <p className="text-sm font-semibold text-red-700" role="alert" data-console-error="">
        {value.message}
      </p>
    );
  if (empty)
    return (
      <p className="text-sm text-muted" data-console-empty="">
        {emptyText ?? t('console:state.empty')}
      </p>
    );
  return null;
}

export function Section({
  id,
  title,
  onReload,
  t,
  children,
}: {
  id: string;
  title: string;
  onReload?: () => void;
  t: T;
  children: React.ReactNode;
}) {
  return (
    <section className="card space-y-4 p-4 sm:p-6" aria-labelledby={`${id}-h`} data-console-section={id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-h`} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        {onReload && (
          <button type="button" className="btn-secondary text-sm" onClick={onReload}>
            {t('console:action.reload')}
          </button>
        )}
      </div>
      {children}
    </section>
  );
}
