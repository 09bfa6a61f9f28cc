/** The server's ad figures (GET /ads/performance), shown beside the local ones in API mode. */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { createTranslator } from '../../i18n/client.ts';
import { ctrOf } from '../../stores/admin.ts';
import { $serverFigures, loadServerFigures } from '../../stores/server-figures.ts';
import type { Formats } from './format.ts';
import { ScrollRegion } from './ScrollRegion.tsx';

export function ServerFigures({ t, f }: { t: ReturnType<typeof createTranslator>; f: Formats }) {
  const state = useStore($serverFigures);
  useEffect(() => {
    void loadServerFigures();
  }, []);
  const rows = state.kind === 'ok' ? Object.entries(state.data) : [];
  return (
    <section aria-labelledby="admin-server" className="space-y-3" data-server-figures={state.kind}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="admin-server" className="text-lg font-semibold text-ink">
          {t('admin:server.heading')}
        </h2>
        <button type="button" className="btn-secondary" onClick={() => void loadServerFigures()}>
          {t('admin:server.refresh')}
        </button>
      </div>
      <div role="status" className="text-sm text-muted">
        {state.kind === 'loading' && t('admin:server.loading')}
        {state.kind === 'error' && t('admin:server.error', { message: state.message })}
        {state.kind === 'ok' && rows.length === 0 && t('admin:server.empty')}
      </div>
      {rows.length > 0 && (
        <ScrollRegion className="overflow-x-auto" labelledBy="admin-server">
          <table className="w-full min-w-[28rem] text-left text-sm" data-server-table="">
            <caption className="sr-only">{t('admin:server.caption')}</caption>
            <thead>
              <tr className="border-b border-line text-muted">
                {(['platform', 'impressions', 'clicks', 'ctr', 'requests'] as const).map((c) => (
                  <th key={c} scope="col" className={`py-2 pr-4 font-semibold ${c === 'platform' ? '' : 'text-right'}`}>
                    {t(`admin:col.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map(([platform, r]) => (
                <tr key={platform} className="border-b border-line" data-server-platform={platform}>
                  <th scope="row" className="py-2 pr-4 font-medium text-ink">
                    {platform}
                  </th>
                  <td className="py-2 pr-4 text-right tabular-nums">{f.int(r.impressions)}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{f.int(r.clicks)}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{f.pct(ctrOf(r.clicks, r.impressions))}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">
                    {r.requests === undefined ? '—' : f.int(r.requests)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
