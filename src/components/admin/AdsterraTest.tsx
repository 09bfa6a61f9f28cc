/**
 * /test/adsterra (island): every Adsterra ad type of the site config as a real slot with its
 * state (loading, loaded, failed) and load error, and a type filter (all + the five types).
 * native and banner fill a box; script loads its page-level script; redirect and popunder are
 * only described and run when the tester presses their button, never on their own.
 * On a local host the native and banner slots show the mock ad, as everywhere on the site.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { AdsterraType } from '../../config/schema.ts';
import { createTranslator } from '../../i18n/client.ts';
import type { Messages } from '../../i18n/index.ts';
import { loadAdRuntime } from '../../stores/ad-code.ts';
import { useConsent } from '../common/use-consent.ts';

export const ADSTERRA_TYPES = [
  'native',
  'banner',
  'script',
  'redirect',
  'popunder',
] as const satisfies readonly AdsterraType[];
type Type = (typeof ADSTERRA_TYPES)[number];
type Filter = 'all' | Type;
/** `unconfigured`: the site has no unit of this type (not a failure: nothing was tried). */
type SlotState = {
  state: 'idle' | 'loading' | 'loaded' | 'failed' | 'unconfigured';
  error?: string;
  detail?: string;
};

export type AdsterraTestProps = { lang: string; messages: Record<string, Messages> };

const isSlotType = (t: Type) => t === 'native' || t === 'banner';
const message = (err: unknown) => {
  const e = err instanceof Error ? err : new Error(String(err));
  const cause = e.cause instanceof Error ? ` (${e.cause.message})` : '';
  return `${e.message}${cause}`;
};

export default function AdsterraTest({ lang, messages }: AdsterraTestProps) {
  const t = createTranslator(lang, messages);
  const [filter, setFilter] = useState<Filter>('all');
  const consent = useConsent();
  const shown = filter === 'all' ? ADSTERRA_TYPES : [filter];
  return (
    <div className="space-y-6">
      <p className="text-sm text-muted">{t('adtest:adsterra.intro')}</p>
      {consent.status !== 'granted' && (
        <p className="rounded-lg bg-page p-3 text-sm text-ink">{t('adtest:adsterra.consent')}</p>
      )}
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="mb-2 text-sm font-medium text-ink">{t('adtest:adsterra.filter')}</legend>
        {(['all', ...ADSTERRA_TYPES] as const).map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={f === filter}
            data-filter={f}
            className={f === filter ? 'btn-primary' : 'btn-secondary'}
            onClick={() => setFilter(f)}
          >
            {t(`adtest:adsterra.type.${f}`)}
          </button>
        ))}
      </fieldset>
      <div className="grid gap-4 lg:grid-cols-2">
        {shown.map((type) => (
          <TypeCard key={type} type={type} t={t} ready={consent.status === 'granted'} />
        ))}
      </div>
    </div>
  );
}

function TypeCard({ type, t, ready }: { type: Type; t: ReturnType<typeof createTranslator>; ready: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const [s, setS] = useState<SlotState>({ state: 'idle' });
  const [configured, setConfigured] = useState<boolean | null>(null);
  const size = useMemo(() => (type === 'banner' ? { width: 300, height: 250 } : { width: 300, height: 250 }), [type]);

  // native, banner: a real slot; script: its page-level script. Both once consent allows.
  useEffect(() => {
    let live = true;
    const abort = new AbortController();
    let dispose: (() => void) | undefined;
    loadAdRuntime()
      .then(async (m) => {
        const rt = m.getAdRuntime();
        const units = isSlotType(type) ? rt.registry.adsterraSlotUnits : rt.registry.adsterraPageUnits;
        const unit = units.find((u) => u.type === type);
        if (!live) return;
        setConfigured(Boolean(unit));
        if (!unit) {
          setS({ state: 'unconfigured', detail: t('adtest:adsterra.notConfigured', { type }) });
          return;
        }
        if (!ready || !(isSlotType(type) || type === 'script')) return;
        setS({ state: 'loading' });
        try {
          if (isSlotType(type)) {
            const [{ adsterraProvider }, { mockProvider }] = await Promise.all([
              import('../../ads/providers/adsterra.ts'),
              import('../../ads/providers/mock.ts'),
            ]);
            const provider = rt.local ? mockProvider : adsterraProvider;
            const container = box.current;
            if (!container) return;
            const kind = type === 'banner' ? 'banner' : 'generic';
            const slotSize =
              type === 'banner' && unit.width && unit.height ? { width: unit.width, height: unit.height } : size;
            const ad = await provider.render(
              container,
              {
                id: `test-${type}`,
                position: 'test',
                size: slotSize,
                kind,
                platform: 'adsterra',
                mockText: t('adtest:adsterra.mock'),
              },
              rt.ctx,
              abort.signal,
            );
            dispose = () => ad.dispose();
            if (!live) return dispose();
            const filled = await ad.filled;
            if (live)
              setS(
                filled
                  ? { state: 'loaded', detail: rt.local ? t('adtest:adsterra.mockNote') : '' }
                  : { state: 'failed', error: t('adtest:adsterra.unfilled') },
              );
          } else {
            const { loadPageUnit } = await import('../../ads/providers/adsterra.ts');
            await loadPageUnit(unit, rt.ctx);
            if (live) setS({ state: 'loaded' });
          }
        } catch (err) {
          if (live) setS({ state: 'failed', error: message(err) });
        }
      })
      .catch((err) => live && setS({ state: 'failed', error: message(err) }));
    return () => {
      live = false;
      abort.abort();
      dispose?.();
    };
  }, [type, ready, size, t]);

  async function trigger() {
    setS({ state: 'loading' });
    try {
      const m = await loadAdRuntime();
      const rt = m.getAdRuntime();
      const unit = rt.registry.adsterraPageUnits.find((u) => u.type === type);
      if (!unit) throw new Error(t('adtest:adsterra.notConfigured', { type }));
      const { loadPageUnit } = await import('../../ads/providers/adsterra.ts');
      await loadPageUnit(unit, rt.ctx);
      setS({ state: 'loaded' });
    } catch (err) {
      setS({ state: 'failed', error: message(err) });
    }
  }

  const stateText = t(`adtest:adsterra.state.${s.state}`);
  return (
    <section
      className="card space-y-3 p-4"
      aria-labelledby={`adsterra-${type}`}
      data-adsterra-type={type}
      data-state={s.state}
    >
      <h2 id={`adsterra-${type}`} className="text-lg font-semibold text-ink">
        {t(`adtest:adsterra.type.${type}`)}
      </h2>
      <p className="text-sm text-muted">{t(`adtest:adsterra.describe.${type}`)}</p>
      <p className="text-sm" role="status">
        <span className="font-semibold text-ink">{t('adtest:adsterra.stateLabel')}</span>{' '}
        <span data-state-text="">{stateText}</span>
        {s.detail ? ` · ${s.detail}` : ''}
      </p>
      {s.error && (
        <p className="rounded-lg border border-red-200 bg-red-50 p-2 text-sm text-red-800" data-load-error="">
          {t('adtest:adsterra.error', { message: s.error })}
        </p>
      )}
      {isSlotType(type) ? (
        <div
          ref={box}
          className="mx-auto max-w-full overflow-hidden rounded-lg border border-dashed border-line"
          style={{ width: size.width, minHeight: size.height }}
        />
      ) : type === 'script' ? null : (
        <button type="button" className="btn-secondary" onClick={trigger} disabled={!ready || configured === false}>
          {t('adtest:adsterra.trigger', { type: t(`adtest:adsterra.type.${type}`) })}
        </button>
      )}
    </section>
  );
}
