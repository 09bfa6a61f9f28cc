/**
 * The operator console's lists (OffersConsole.tsx): the queue of reported codes (worst first, as
 * the server orders them) with confirm / hide / dismiss, the last import's report per source and
 * the audit log. Each has loading, empty and error states; all text from the server is rendered
 * as text.
 */
import { useCallback, useState } from 'react';
import type { ConsoleClient } from '../../stores/admin-console.ts';
import { actionLabel, ago, failureText, formatDate, LoadState, Section, type T, useLoad } from './console-ui.tsx';

type Common = { t: T; lang: string; client: ConsoleClient; onSessionLost: () => void };

export function ReportQueue({ t, lang, client, onSessionLost, announce }: Common & { announce: (m: string) => void }) {
  const load = useCallback(() => client.reports(), [client]);
  const [value, reload] = useLoad(load, t, onSessionLost);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const now = Date.now();
  async function act(id: number, action: 'confirm' | 'hide' | 'dismiss') {
    setBusy(id);
    setError(null);
    const o = await client.offerAction('coupon', id, action);
    setBusy(null);
    if (!o.ok) {
      if (o.kind === 'unauthorized') return onSessionLost();
      return setError(failureText(t, o));
    }
    announce(
      action === 'confirm'
        ? t('console:queue.doneConfirm', { id })
        : action === 'hide'
          ? t('console:queue.doneHide', { id })
          : t('console:queue.doneDismiss', { id }),
    );
    await reload();
  }
  const items = value.state === 'ready' ? value.data.items : [];
  return (
    <Section id="queue" title={t('console:queue.heading')} onReload={() => void reload()} t={t}>
      <LoadState t={t} value={value} empty={items.length === 0} emptyText={t('console:queue.empty')} />
      {error && (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
      {items.length > 0 && (
        <ul className="divide-y divide-line" data-console-queue="">
          {items.map((r) => (
            <li key={r.id} className="space-y-2 py-3" data-report={r.id}>
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <span className="font-semibold text-ink">{r.brand}</span>
                <span className="text-ink">{r.name}</span>
                <code className="rounded bg-surface px-1 text-sm">{r.code}</code>
                {r.hidden && <span className="text-xs font-semibold text-red-700">{t('console:offer.hidden')}</span>}
              </div>
              <p className="text-sm text-ink">
                {t('console:queue.counts', { failures: r.failures, successes: r.successes })}
              </p>
              {r.lastAnswers.length > 0 && (
                <p className="text-xs text-muted">
                  {t('console:queue.last')}{' '}
                  {r.lastAnswers
                    .map((a) =>
                      a.worked
                        ? t('console:queue.worked', { when: ago(t, lang, a.at, now) })
                        : t('console:queue.failed', { when: ago(t, lang, a.at, now) }),
                    )
                    .join(' · ')}
                </p>
              )}
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className="btn-secondary text-sm"
                  disabled={busy === r.id}
                  onClick={() => act(r.id, 'confirm')}
                >
                  {t('console:queue.confirm')}
                </button>
                {!r.hidden && (
                  <button
                    type="button"
                    className="btn-secondary text-sm"
                    disabled={busy === r.id}
                    onClick={() => act(r.id, 'hide')}
                  >
                    {t('console:offer.hide')}
                  </button>
                )}
                <button
                  type="button"
                  className="btn-secondary text-sm"
                  disabled={busy === r.id}
                  onClick={() => act(r.id, 'dismiss')}
                >
                  {t('console:queue.dismiss')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function ImportReportView({ t, lang, client, onSessionLost }: Common) {
  const load = useCallback(() => client.importReport(), [client]);
  const [value, reload] = useLoad(load, t, onSessionLost);
  const report = value.state === 'ready' ? value.data : null;
  const sources = report?.sources ?? [];
  return (
    <Section id="import" title={t('console:import.heading')} onReload={() => void reload()} t={t}>
      <LoadState t={t} value={value} empty={sources.length === 0} emptyText={t('console:import.empty')} />
      {report?.at && (
        <p className="text-sm text-muted">{t('console:import.at', { at: formatDate(lang, report.at, true) })}</p>
      )}
      {sources.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-console-import="">
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-3">
                  {t('console:import.source')}
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  {t('console:import.kept')}
                </th>
                <th scope="col" className="py-2">
                  {t('console:import.leftOut')}
                </th>
              </tr>
            </thead>
            <tbody>
              {sources.map((s) => (
                <tr key={s.source} className="border-b border-line align-top">
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {s.source}
                  </th>
                  <td className="py-2 pr-3 text-right tabular-nums">{s.kept}</td>
                  <td className="py-2">
                    {Object.keys(s.leftOut).length === 0
                      ? t('console:import.none')
                      : Object.entries(s.leftOut)
                          .map(([reason, n]) => `${reason}: ${n}`)
                          .join(', ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

export function AuditLog({ t, lang, client, onSessionLost }: Common) {
  const load = useCallback(() => client.audit(), [client]);
  const [value, reload] = useLoad(load, t, onSessionLost);
  const items = value.state === 'ready' ? value.data.items : [];
  const now = Date.now();
  return (
    <Section id="audit" title={t('console:audit.heading')} onReload={() => void reload()} t={t}>
      <LoadState t={t} value={value} empty={items.length === 0} />
      {items.length > 0 && (
        <div className="max-h-96 overflow-auto">
          <table className="w-full text-left text-sm" data-console-audit="">
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-3">
                  {t('console:audit.when')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('console:audit.action')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('console:audit.target')}
                </th>
                <th scope="col" className="py-2">
                  {t('console:audit.by')}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((e) => (
                <tr
                  key={`${e.at}|${e.action}|${e.target}|${e.by}`}
                  className="border-b border-line align-top"
                  data-audit-action={e.action}
                >
                  <td className="py-2 pr-3 whitespace-nowrap">
                    <time dateTime={e.at} title={e.at}>
                      {ago(t, lang, e.at, now)}
                    </time>
                  </td>
                  <td className="py-2 pr-3">
                    {actionLabel(t, e.action)}
                    {e.detail ? <span className="block text-xs text-muted break-words">{e.detail}</span> : null}
                  </td>
                  <td className="py-2 pr-3 [overflow-wrap:anywhere]">{e.target}</td>
                  <td className="py-2 text-xs [overflow-wrap:anywhere]">{e.by}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

/**
 * The blocked advertisers (the overrides' brands with `blocked`), each with an "Unblock" button:
 * after it, the next import and (on an edge site at once) the site bring the brand back.
 */
export function BlockedList({ t, client, onSessionLost, announce }: Common & { announce: (m: string) => void }) {
  const load = useCallback(() => client.blocked(), [client]);
  const [value, reload] = useLoad(load, t, onSessionLost);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const items = value.state === 'ready' ? value.data : [];
  const label = (b: { id: number; name: string | null }) =>
    b.name ? t('console:blocked.named', { name: b.name, id: b.id }) : t('console:blocked.brand', { id: b.id });
  async function unblock(b: { id: number; name: string | null }) {
    setBusy(b.id);
    setError(null);
    const o = await client.unblock(b.id);
    setBusy(null);
    if (!o.ok) {
      if (o.kind === 'unauthorized') return onSessionLost();
      return setError(failureText(t, o));
    }
    announce(t('console:blocked.done', { brand: label(b) }));
    await reload();
  }
  return (
    <Section id="blocked" title={t('console:blocked.heading')} onReload={() => void reload()} t={t}>
      <LoadState t={t} value={value} empty={items.length === 0} emptyText={t('console:blocked.empty')} />
      {error && (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
      {items.length > 0 && (
        <ul className="divide-y divide-line" data-console-blocked="">
          {items.map((b) => (
            <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-blocked-brand={b.id}>
              <span className="text-ink [overflow-wrap:anywhere]">{label(b)}</span>
              <button
                type="button"
                className="btn-secondary text-sm"
                disabled={busy === b.id}
                onClick={() => void unblock(b)}
              >
                {t('console:blocked.unblock')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
