/**
 * The console's offer finder (OffersConsole.tsx): search any offer, then hide / unhide it, pin it
 * until a date, edit its title and description in one language, rename its brand or block its
 * advertiser (after a confirmation). Results and errors are announced to screen readers.
 */
import { type FormEvent, useId, useState } from 'react';
import { type ConsoleClient, type OfferHit, type Outcome, pinUntil } from '../../stores/admin-console.ts';
import { failureText, formatDate, type Loaded, LoadState, Section, type T } from './console-ui.tsx';

const LANGS = ['en', 'es', 'fr', 'de'] as const;

type Props = { t: T; lang: string; client: ConsoleClient; onSessionLost: () => void; announce: (m: string) => void };

export function OfferFinder({ t, lang, client, onSessionLost, announce }: Props) {
  const id = useId();
  const [q, setQ] = useState('');
  const [value, setValue] = useState<Loaded<{ items: OfferHit[] }> | null>(null);
  const [chosen, setChosen] = useState<OfferHit | null>(null);
  /** Runs the search; `after` (a change just made) is announced instead of the count of offers. */
  async function search(e?: FormEvent, after?: string) {
    e?.preventDefault();
    if (q.trim() === '') return;
    setValue({ state: 'loading' });
    const o = await client.offers(q.trim());
    if (o.ok) {
      setValue({ state: 'ready', data: o.data });
      setChosen((c) => (c ? (o.data.items.find((i) => i.kind === c.kind && i.id === c.id) ?? null) : null));
      announce(after ?? t('console:find.found', { count: o.data.items.length }));
    } else if (o.kind === 'unauthorized') onSessionLost();
    else setValue({ state: 'error', message: failureText(t, o) });
  }
  const items = value?.state === 'ready' ? value.data.items : [];
  return (
    <Section id="find" title={t('console:find.heading')} t={t}>
      <form onSubmit={search} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-q`} className="block text-sm font-medium text-ink">
            {t('console:find.label')}
          </label>
          <input
            id={`${id}-q`}
            type="search"
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            className="mt-1 w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink"
          />
        </div>
        <button type="submit" className="btn-primary">
          {t('console:find.submit')}
        </button>
      </form>
      {value && <LoadState t={t} value={value} empty={items.length === 0} emptyText={t('console:find.none')} />}
      {items.length > 0 && (
        <ul className="divide-y divide-line" data-console-hits="">
          {items.map((o) => (
            <li
              key={`${o.kind}:${o.id}`}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-hit={`${o.kind}:${o.id}`}
            >
              <span className="min-w-0 text-sm text-ink">
                <span className="font-semibold">{o.brand}</span> · {o.title}{' '}
                <span className="text-xs text-muted">
                  ({o.kind === 'coupon' ? t('console:offer.coupon') : t('console:offer.deal')} {o.id})
                </span>
                {o.hidden && (
                  <span className="ml-2 text-xs font-semibold text-red-700">{t('console:offer.hidden')}</span>
                )}
                {o.pinnedUntil && (
                  <span className="ml-2 text-xs font-semibold text-ink">
                    {t('console:offer.pinnedUntil', { until: formatDate(lang, o.pinnedUntil) })}
                  </span>
                )}
              </span>
              <button
                type="button"
                className="btn-secondary text-sm"
                aria-expanded={chosen?.kind === o.kind && chosen.id === o.id}
                onClick={() => setChosen(chosen?.kind === o.kind && chosen.id === o.id ? null : o)}
              >
                {t('console:find.choose')}
              </button>
              {chosen?.kind === o.kind && chosen.id === o.id && (
                <OfferActions
                  t={t}
                  uiLang={lang}
                  offer={o}
                  client={client}
                  onSessionLost={onSessionLost}
                  done={(m) => {
                    announce(m);
                    void search(undefined, m);
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function OfferActions({
  t,
  uiLang,
  offer,
  client,
  onSessionLost,
  done,
}: {
  t: T;
  /** The console's language (names the languages of the edit's list). */
  uiLang: string;
  offer: OfferHit;
  client: ConsoleClient;
  onSessionLost: () => void;
  done: (message: string) => void;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [date, setDate] = useState('');
  const [lang, setLang] = useState<(typeof LANGS)[number]>('en');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [name, setName] = useState(offer.brand);
  const [confirmBlock, setConfirmBlock] = useState(false);
  async function run(call: () => Promise<Outcome<unknown>>, message: string) {
    setBusy(true);
    setError(null);
    const o = await call();
    setBusy(false);
    if (o.ok) return done(message);
    if (o.kind === 'unauthorized') return onSessionLost();
    setError(failureText(t, o));
  }
  const field = 'mt-1 w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink';
  return (
    <div className="w-full space-y-4 rounded-lg border border-line p-3" data-offer-actions="">
      {error && (
        <p role="alert" className="text-sm font-semibold text-red-700" data-console-error="">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-secondary text-sm"
          disabled={busy}
          onClick={() =>
            run(
              () => client.offerAction(offer.kind, offer.id, offer.hidden ? 'unhide' : 'hide'),
              offer.hidden ? t('console:offer.unhidden') : t('console:offer.hiddenDone'),
            )
          }
        >
          {offer.hidden ? t('console:offer.unhide') : t('console:offer.hide')}
        </button>
        {offer.pinnedUntil && (
          <button
            type="button"
            className="btn-secondary text-sm"
            disabled={busy}
            onClick={() => run(() => client.offerAction(offer.kind, offer.id, 'unpin'), t('console:offer.unpinned'))}
          >
            {t('console:offer.unpin')}
          </button>
        )}
      </div>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const until = pinUntil(date);
          if (!until) return setError(t('console:offer.pinDateNeeded'));
          void run(
            () => client.pin(offer.kind, offer.id, until),
            t('console:offer.pinned', { until: formatDate(uiLang, until) }),
          );
        }}
      >
        <div>
          <label htmlFor={`${id}-pin`} className="block text-sm font-medium text-ink">
            {t('console:offer.pinLabel')}
          </label>
          <input
            id={`${id}-pin`}
            type="date"
            required
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
            className={field}
          />
        </div>
        <button type="submit" className="btn-secondary text-sm" disabled={busy}>
          {t('console:offer.pin')}
        </button>
      </form>
      <form
        className="max-w-xl space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          const edit = {
            lang,
            ...(title.trim() ? { title: title.trim() } : {}),
            ...(description.trim() ? { description: description.trim() } : {}),
          };
          if (!edit.title && !edit.description) return setError(t('console:offer.editNeeded'));
          void run(() => client.edit(offer.kind, offer.id, edit), t('console:offer.edited', { lang }));
        }}
      >
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-ink">{t('console:offer.editHeading')}</legend>
          <label htmlFor={`${id}-lang`} className="block text-sm font-medium text-ink">
            {t('console:offer.language')}
          </label>
          <select
            id={`${id}-lang`}
            value={lang}
            onChange={(e) => setLang(e.currentTarget.value as typeof lang)}
            className={field}
          >
            {LANGS.map((l) => (
              <option key={l} value={l}>
                {languageName(uiLang, l)}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-title`} className="block text-sm font-medium text-ink">
            {t('console:offer.title')}
          </label>
          <input
            id={`${id}-title`}
            value={title}
            maxLength={300}
            onChange={(e) => setTitle(e.currentTarget.value)}
            className={field}
          />
          <label htmlFor={`${id}-desc`} className="block text-sm font-medium text-ink">
            {t('console:offer.description')}
          </label>
          <textarea
            id={`${id}-desc`}
            value={description}
            maxLength={2000}
            rows={3}
            onChange={(e) => setDescription(e.currentTarget.value)}
            className={field}
          />
        </fieldset>
        <button type="submit" className="btn-secondary text-sm" disabled={busy}>
          {t('console:offer.save')}
        </button>
      </form>
      {offer.brandId !== null && (
        <form
          className="flex max-w-xl flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const brandId = offer.brandId as number;
            void run(() => client.rename(brandId, name.trim()), t('console:brand.renamed', { name: name.trim() }));
          }}
        >
          <div className="min-w-0 flex-1">
            <label htmlFor={`${id}-brand`} className="block text-sm font-medium text-ink">
              {t('console:brand.name')}
            </label>
            <input
              id={`${id}-brand`}
              required
              maxLength={200}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              className={field}
            />
          </div>
          <button type="submit" className="btn-secondary text-sm" disabled={busy}>
            {t('console:brand.rename')}
          </button>
        </form>
      )}
      {offer.brandId !== null &&
        (confirmBlock ? (
          <fieldset className="space-y-2 rounded-lg border border-red-700 p-3" aria-labelledby={`${id}-block`}>
            <p id={`${id}-block`} className="text-sm font-semibold text-ink">
              {t('console:brand.blockConfirm', { brand: offer.brand })}
            </p>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn-primary text-sm"
                disabled={busy}
                onClick={() =>
                  run(() => client.block(offer.brandId as number), t('console:brand.blocked', { brand: offer.brand }))
                }
              >
                {t('console:brand.blockYes')}
              </button>
              <button type="button" className="btn-secondary text-sm" onClick={() => setConfirmBlock(false)}>
                {t('console:brand.blockNo')}
              </button>
            </div>
          </fieldset>
        ) : (
          <button type="button" className="btn-secondary text-sm" onClick={() => setConfirmBlock(true)}>
            {t('console:brand.block')}
          </button>
        ))}
    </div>
  );
}

/** "Spanish" for `es` in the console's language (the code itself where Intl has no name). */
function languageName(uiLang: string, code: string): string {
  try {
    return new Intl.DisplayNames([uiLang], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
