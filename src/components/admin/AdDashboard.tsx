/**
 * The admin ad dashboard (island, /admin/ad-dashboard). Locked behind a password gate (SHA-256
 * of the typed password against admin.passwordSha256, Web Crypto; unlocked for the browser
 * session). Unlocked: totals, a per-platform table, Hourly / Daily / Weekly / Monthly ranges
 * over the tracker's hourly history, a chart with a table fallback, the forced-platform
 * control, a confirmed reset of local metrics and, in API mode, the server's figures.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { isUnlocked, lock } from '../../admin/admin-gate.ts';
import { createTranslator } from '../../i18n/client.ts';
import type { Messages } from '../../i18n/index.ts';
import { sessionStore } from '../../storage/stores.ts';
import { dashboardSummary, KNOWN_PLATFORMS, RANGES, type Range } from '../../stores/admin.ts';
import {
  $adMetrics,
  $forcedPlatform,
  clearForcedPlatform,
  forcePlatform,
  getAdTracker,
  loadForcedPlatform,
} from '../../stores/ads.ts';
import { AdminGate as Gate } from './AdminGate.tsx';
import { CampaignTable, type DashboardCampaign } from './CampaignTable.tsx';
import { toCsv } from './csv.ts';
import { downloadCsv } from './csv-download.ts';
import { formats } from './format.ts';
import { ScrollRegion } from './ScrollRegion.tsx';
import { SeriesChart } from './SeriesChart.tsx';
import { ServerFigures } from './ServerFigures.tsx';

export type AdDashboardProps = {
  lang: string;
  messages: Record<string, Messages>;
  /** admin.passwordSha256 of the site config, or null when none is configured. */
  passwordSha256: string | null;
  /** Enabled platforms in config order (one table row each). */
  platforms: string[];
  /** The site reads the API (not static-data mode): show GET /ads/performance. */
  apiMode: boolean;
  /** Direct-sold campaigns of the site config (issue 25), shown beside the networks. */
  campaigns?: DashboardCampaign[];
};

const session = sessionStore;

export default function AdDashboard(props: AdDashboardProps) {
  const t = createTranslator(props.lang, props.messages);
  const [unlocked, setUnlocked] = useState(false);
  useEffect(() => setUnlocked(isUnlocked(session(), props.passwordSha256)), [props.passwordSha256]);
  return (
    <div className="space-y-8" data-admin-dashboard={unlocked ? 'unlocked' : 'locked'}>
      <p className="rounded-xl border border-line bg-surface p-4 text-sm text-muted">{t('admin:gate.notice')}</p>
      {unlocked ? (
        <Dashboard
          {...props}
          t={t}
          onLock={() => {
            lock(session());
            setUnlocked(false);
          }}
        />
      ) : (
        <Gate hash={props.passwordSha256} t={t} onUnlock={() => setUnlocked(true)} />
      )}
    </div>
  );
}

type T = ReturnType<typeof createTranslator>;

const NO_CAMPAIGNS: DashboardCampaign[] = [];

function Dashboard({
  lang,
  platforms,
  apiMode,
  campaigns = NO_CAMPAIGNS,
  t,
  onLock,
}: AdDashboardProps & { t: T; onLock: () => void }) {
  const [range, setRange] = useState<Range>('daily');
  const metrics = useStore($adMetrics);
  const forced = useStore($forcedPlatform);
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState('');
  useEffect(() => {
    loadForcedPlatform();
  }, []);
  // Figures follow the tracker: $adMetrics changes on every impression, click or reset.
  // biome-ignore lint/correctness/useExhaustiveDependencies: metrics is the change signal
  const summary = useMemo(() => dashboardSummary(range, platforms), [platforms, range, metrics]);
  const f = useMemo(() => formats(lang, { hourly: range === 'hourly' }), [lang, range]);
  const rangeName = t(`admin:range.${range}`);
  const formatTime = useCallback((ms: number) => f.time(ms), [f]);
  const formatInt = useCallback((n: number) => f.int(n), [f]);
  const names = useMemo(() => ({ impressions: t('admin:col.impressions'), clicks: t('admin:col.clicks') }), [t]);
  const fill = (value: number, estimated: boolean) =>
    estimated ? t('admin:fill.estimated', { value: f.pct(value) }) : f.pct(value);
  const total = summary.total;

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="sr-only">{t('admin:range.label')}</legend>
          {RANGES.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={r === range}
              onClick={() => setRange(r)}
              className={r === range ? 'btn-primary' : 'btn-secondary'}
              data-range={r}
            >
              {t(`admin:range.${r}`)}
            </button>
          ))}
        </fieldset>
        <button type="button" className="btn-secondary" onClick={onLock}>
          {t('admin:lock')}
        </button>
      </div>
      <p className="text-sm text-muted" data-range-note="">
        {t(`admin:range.${range}.note`)}
      </p>

      <section aria-labelledby="admin-totals">
        <h2 id="admin-totals" className="text-lg font-semibold text-ink">
          {t('admin:totals.heading')}
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5" data-totals="">
          {(
            [
              ['impressions', f.int(total.impressions)],
              ['clicks', f.int(total.clicks)],
              ['ctr', f.pct(total.ctr)],
              ['revenue', f.money(total.revenue)],
              ['fill', fill(total.fillRate, total.fillEstimated)],
            ] as const
          ).map(([k, v]) => (
            <div key={k} className="card p-4" data-total={k}>
              <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{t(`admin:col.${k}`)}</dt>
              <dd className="mt-1 text-xl font-bold text-ink">{v}</dd>
            </div>
          ))}
        </dl>
        {total.impressions === 0 && total.clicks === 0 && <p className="mt-3 text-sm text-muted">{t('admin:empty')}</p>}
      </section>

      <section aria-labelledby="admin-platforms">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="admin-platforms" className="text-lg font-semibold text-ink">
            {t('admin:table.heading')}
          </h2>
          <button
            type="button"
            className="btn-secondary"
            data-export="platforms"
            onClick={() =>
              downloadCsv(
                `ad-platforms-${range}.csv`,
                toCsv(
                  (['platform', 'impressions', 'clicks', 'ctr', 'revenue', 'fill'] as const).map((c) =>
                    t(`admin:col.${c}`),
                  ),
                  summary.platforms.map((r) => [
                    r.platform,
                    r.impressions,
                    r.clicks,
                    Number(r.ctr.toFixed(4)),
                    Number(r.revenue.toFixed(2)),
                    Number(r.fillRate.toFixed(4)),
                  ]),
                ),
              )
            }
          >
            {t('sponsored:dashboard.exportPlatforms')}
          </button>
        </div>
        <ScrollRegion className="mt-3 overflow-x-auto" labelledBy="admin-platforms">
          <table className="w-full min-w-[36rem] text-left text-sm" data-platform-table="">
            <caption className="sr-only">{t('admin:table.caption', { range: rangeName })}</caption>
            <thead>
              <tr className="border-b border-line text-muted">
                {(['platform', 'impressions', 'clicks', 'ctr', 'revenue', 'fill'] as const).map((c) => (
                  <th key={c} scope="col" className={`py-2 pr-4 font-semibold ${c === 'platform' ? '' : 'text-right'}`}>
                    {t(`admin:col.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {summary.platforms.map((r) => (
                <tr key={r.platform} className="border-b border-line" data-platform={r.platform}>
                  <th scope="row" className="py-2 pr-4 font-medium text-ink">
                    {r.platform}
                  </th>
                  <td className="py-2 pr-4 text-right tabular-nums">{f.int(r.impressions)}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{f.int(r.clicks)}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{f.pct(r.ctr)}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{f.money(r.revenue)}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{fill(r.fillRate, r.fillEstimated)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
        <p className="mt-2 text-xs text-muted">{t('admin:revenue.note')}</p>
      </section>

      <CampaignTable campaigns={campaigns} lang={lang} t={t} />

      <section aria-labelledby="admin-chart">
        <h2 id="admin-chart" className="text-lg font-semibold text-ink">
          {t('admin:chart.heading')}
        </h2>
        <div className="card mt-3 p-4">
          <SeriesChart
            series={summary.series}
            label={t('admin:chart.label', {
              range: rangeName,
              impressions: f.int(total.impressions),
              clicks: f.int(total.clicks),
            })}
            names={names}
            loadError={t('admin:chart.loadError')}
            formatTime={formatTime}
            formatInt={formatInt}
          />
          <details className="mt-3" data-chart-table="">
            <summary className="cursor-pointer text-sm font-medium text-primary">
              {t('admin:chart.tableSummary')}
            </summary>
            <ScrollRegion className="mt-2 max-h-80 overflow-auto" labelledBy="admin-chart">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{t('admin:chart.heading')}</caption>
                <thead>
                  <tr className="border-b border-line text-muted">
                    <th scope="col" className="py-1 pr-4">
                      {t('admin:col.time')}
                    </th>
                    <th scope="col" className="py-1 pr-4 text-right">
                      {t('admin:col.impressions')}
                    </th>
                    <th scope="col" className="py-1 pr-4 text-right">
                      {t('admin:col.clicks')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {summary.series.map((p) => (
                    <tr key={p.start} className="border-b border-line">
                      <th scope="row" className="py-1 pr-4 font-normal">
                        {f.time(p.start)}
                      </th>
                      <td className="py-1 pr-4 text-right tabular-nums">{f.int(p.impressions)}</td>
                      <td className="py-1 pr-4 text-right tabular-nums">{f.int(p.clicks)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </details>
        </div>
      </section>

      {apiMode && <ServerFigures t={t} f={f} />}

      <section aria-labelledby="admin-force" className="card space-y-3 p-4">
        <h2 id="admin-force" className="text-lg font-semibold text-ink">
          {t('admin:force.heading')}
        </h2>
        <label htmlFor="admin-force-select" className="block text-sm font-medium text-ink">
          {t('admin:force.label')}
        </label>
        <select
          id="admin-force-select"
          value={forced ?? ''}
          onChange={(e) => {
            const v = e.currentTarget.value;
            if (v === '') clearForcedPlatform();
            else forcePlatform(v);
          }}
          className="rounded-lg border border-line bg-surface px-3 py-2 text-ink"
        >
          <option value="">{t('admin:force.auto')}</option>
          {KNOWN_PLATFORMS.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
        <p className="text-sm text-muted">{t('admin:force.current', { value: forced ?? t('admin:force.auto') })}</p>
      </section>

      <section aria-labelledby="admin-reset" className="card space-y-3 p-4">
        <h2 id="admin-reset" className="text-lg font-semibold text-ink">
          {t('admin:reset.heading')}
        </h2>
        {confirming ? (
          <div className="space-y-3">
            <p id="admin-reset-q" className="text-sm text-ink">
              {t('admin:reset.confirm')}
            </p>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn-primary"
                onClick={() => {
                  getAdTracker().clear();
                  setConfirming(false);
                  setStatus(t('admin:reset.done'));
                }}
              >
                {t('admin:reset.yes')}
              </button>
              <button type="button" className="btn-secondary" onClick={() => setConfirming(false)}>
                {t('admin:reset.cancel')}
              </button>
            </div>
          </div>
        ) : (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              setStatus('');
              setConfirming(true);
            }}
          >
            {t('admin:reset.button')}
          </button>
        )}
        <p role="status" className="text-sm text-muted">
          {status}
        </p>
      </section>
    </div>
  );
}
