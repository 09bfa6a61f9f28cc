/**
 * The dashboard's direct-campaign table (issue 25): each configured campaign with its status
 * (running, scheduled, ended, switched off) and this browser's views, viewable views, clicks and
 * CTR (from `ad_campaigns`, stored only with consent), exportable as CSV.
 */
import { useEffect, useMemo, useState } from 'react';
import { type CampaignStatus, type CampaignTotals, campaignStatus, campaignStore } from '../../ads/campaign-store.ts';
import type { createTranslator } from '../../i18n/client.ts';
import { toCsv } from './csv.ts';
import { downloadCsv } from './csv-download.ts';
import { formats } from './format.ts';
import { ScrollRegion } from './ScrollRegion.tsx';

export interface DashboardCampaign {
  id: string;
  advertiser: string;
  enabled: boolean;
  start: string;
  end: string;
}

export interface CampaignRow extends CampaignTotals {
  id: string;
  advertiser: string;
  status: CampaignStatus;
  ctr: number;
}

/** Pure: one row per configured campaign, with this browser's totals (0 when none). */
export function campaignRows(
  campaigns: readonly DashboardCampaign[],
  totals: Readonly<Record<string, CampaignTotals>>,
  now: number,
): CampaignRow[] {
  return campaigns.map((c) => {
    const t = totals[c.id] ?? { impressions: 0, viewable: 0, clicks: 0 };
    return {
      id: c.id,
      advertiser: c.advertiser,
      status: campaignStatus(c, now),
      ...t,
      ctr: t.impressions > 0 ? t.clicks / t.impressions : 0,
    };
  });
}

const COLS = ['campaign', 'advertiser', 'status', 'impressions', 'viewable', 'clicks', 'ctr'] as const;

export function CampaignTable({
  campaigns,
  lang,
  t,
}: {
  campaigns: readonly DashboardCampaign[];
  lang: string;
  t: ReturnType<typeof createTranslator>;
}) {
  const f = useMemo(() => formats(lang), [lang]);
  const [rows, setRows] = useState<CampaignRow[]>([]);
  useEffect(() => {
    const now = Date.now();
    setRows(campaignRows(campaigns, campaignStore(now).totals, now));
  }, [campaigns]);
  const header = COLS.map((c) => t(`sponsored:dashboard.col.${c}`));
  const exportCsv = () =>
    downloadCsv(
      'direct-campaigns.csv',
      toCsv(
        header,
        rows.map((r) => [
          r.id,
          r.advertiser,
          t(`sponsored:dashboard.status.${r.status}`),
          r.impressions,
          r.viewable,
          r.clicks,
          Number(r.ctr.toFixed(4)),
        ]),
      ),
    );
  return (
    <section aria-labelledby="admin-campaigns">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-campaigns" className="text-lg font-semibold text-ink">
          {t('sponsored:dashboard.heading')}
        </h2>
        {campaigns.length > 0 && (
          <button type="button" className="btn-secondary" onClick={exportCsv} data-export="campaigns">
            {t('sponsored:dashboard.export')}
          </button>
        )}
      </div>
      {campaigns.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t('sponsored:dashboard.none')}</p>
      ) : (
        <ScrollRegion className="mt-3 overflow-x-auto" labelledBy="admin-campaigns">
          <table className="w-full min-w-[40rem] text-left text-sm" data-campaign-table="">
            <caption className="sr-only">{t('sponsored:dashboard.caption')}</caption>
            <thead>
              <tr className="border-b border-line text-muted">
                {COLS.map((c, i) => (
                  <th key={c} scope="col" className={`py-2 pr-4 font-semibold ${i < 3 ? '' : 'text-right'}`}>
                    {header[i]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-b border-line" data-campaign={r.id}>
                  <th scope="row" className="py-2 pr-4 font-medium text-ink">
                    {r.id}
                  </th>
                  <td className="py-2 pr-4">{r.advertiser}</td>
                  <td className="py-2 pr-4" data-status={r.status}>
                    {t(`sponsored:dashboard.status.${r.status}`)}
                  </td>
                  <td className="py-2 pr-4 text-right tabular-nums">{f.int(r.impressions)}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{f.int(r.viewable)}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{f.int(r.clicks)}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{f.pct(r.ctr)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
