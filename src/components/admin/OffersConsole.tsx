/**
 * The operator console (island, /admin/offers; issue 40 part 4). Authorized by the server
 * (/api/admin/, src/server/admin-routes.ts), never in the browser: the island asks whether a
 * session is open, shows the login form if not, and once logged in the queue of reported codes,
 * the offer finder, the last import's report and the audit log. On a site without the console's
 * API (static, or 503 "not set up") it says so and shows the `npm run offers` commands instead.
 */
import { type FormEvent, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { createTranslator } from '../../i18n/client.ts';
import type { Messages } from '../../i18n/index.ts';
import { consoleClient, type Failure } from '../../stores/admin-console.ts';
import { AuditLog, BlockedList, ImportReportView, ReportQueue } from './ConsoleLists.tsx';
import { failureText, type T } from './console-ui.tsx';
import { OfferFinder } from './OfferFinder.tsx';

export type OffersConsoleProps = {
  lang: string;
  /** pickMessages(lang, OFFERS_CONSOLE_KEYS) (./console-keys.ts) */
  messages: Record<string, Messages>;
  /** The site's id (for the `npm run offers -- … --site <id>` commands). */
  siteId: string;
  /**
   * Whether the site has a server that may answer /api/admin/ (an edge site, or an API-mode site
   * whose API shares its origin). False on a static-data site: the island says so at once, asks
   * nothing, and the pre-rendered HTML already carries the `npm run offers` commands.
   */
  hasServer: boolean;
};

type Phase =
  | { phase: 'checking' }
  | { phase: 'none'; notSetUp: boolean }
  | { phase: 'login'; message: string | null }
  | { phase: 'in' };

export default function OffersConsole({ lang, messages, siteId, hasServer }: OffersConsoleProps) {
  const t = createTranslator(lang, messages);
  const client = useMemo(() => consoleClient(), []);
  const [phase, setPhase] = useState<Phase>(hasServer ? { phase: 'checking' } : { phase: 'none', notSetUp: false });
  const [announce, setAnnounce] = useState('');

  useEffect(() => {
    if (!hasServer) return;
    void client.session().then((o) => {
      if (o.ok) setPhase({ phase: 'in' });
      else if (o.kind === 'no-console' || o.kind === 'not-set-up')
        setPhase({ phase: 'none', notSetUp: o.kind === 'not-set-up' });
      else if (o.kind === 'unauthorized') setPhase({ phase: 'login', message: null });
      else setPhase({ phase: 'login', message: failureText(t, o) });
    });
  }, [client, t, hasServer]);

  const sessionLost = useCallback(() => setPhase({ phase: 'login', message: t('console:error.session') }), [t]);

  return (
    <div className="space-y-6" data-offers-console={phase.phase}>
      <p className="sr-only" aria-live="polite" data-console-announce="">
        {announce}
      </p>
      {phase.phase === 'checking' && (
        <p className="text-sm text-muted" role="status">
          {t('console:state.checking')}
        </p>
      )}
      {phase.phase === 'none' && <NoConsole t={t} siteId={siteId} notSetUp={phase.notSetUp} />}
      {phase.phase === 'login' && (
        <LoginForm
          t={t}
          initial={phase.message}
          login={client.login}
          onIn={() => {
            setPhase({ phase: 'in' });
            setAnnounce(t('console:login.done'));
          }}
          onNone={(notSetUp) => setPhase({ phase: 'none', notSetUp })}
        />
      )}
      {phase.phase === 'in' && (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted">{t('console:intro')}</p>
            <button
              type="button"
              className="btn-secondary text-sm"
              onClick={() => {
                void client.logout().then(() => {
                  setPhase({ phase: 'login', message: null });
                  setAnnounce(t('console:login.loggedOut'));
                });
              }}
            >
              {t('console:login.logout')}
            </button>
          </div>
          <ReportQueue t={t} lang={lang} client={client} onSessionLost={sessionLost} announce={setAnnounce} />
          <OfferFinder t={t} lang={lang} client={client} onSessionLost={sessionLost} announce={setAnnounce} />
          <BlockedList t={t} lang={lang} client={client} onSessionLost={sessionLost} announce={setAnnounce} />
          <ImportReportView t={t} lang={lang} client={client} onSessionLost={sessionLost} />
          <AuditLog t={t} lang={lang} client={client} onSessionLost={sessionLost} />
        </>
      )}
    </div>
  );
}

function NoConsole({ t, siteId, notSetUp }: { t: T; siteId: string; notSetUp: boolean }) {
  const id = useId();
  const commands = [
    `npm run offers -- hide <id> --site ${siteId}`,
    `npm run offers -- unhide <id> --site ${siteId}`,
    `npm run offers -- pin <id> --until 2026-12-31T00:00:00Z --site ${siteId}`,
    `npm run offers -- edit <id> --lang es --title "…" --description "…" --site ${siteId}`,
    `npm run offers -- rename <brand-id> --name "…" --site ${siteId}`,
    `npm run offers -- block <brand-id> --site ${siteId}`,
  ];
  return (
    <section className="card max-w-3xl space-y-4 p-4 sm:p-6" aria-labelledby={`${id}-h`} data-console-none="">
      <h2 id={`${id}-h`} className="text-lg font-semibold text-ink">
        {t('console:noConsole.heading')}
      </h2>
      <p className="text-sm text-ink">{notSetUp ? t('console:noConsole.notSetUp') : t('console:noConsole.static')}</p>
      <p className="text-sm text-ink">{t('console:noConsole.cli', { file: `catalogs/${siteId}.overrides.json` })}</p>
      <pre
        className="rounded-lg border border-line bg-page p-3 text-xs whitespace-pre-wrap break-words text-ink"
        data-console-commands=""
      >
        <code>{commands.join('\n')}</code>
      </pre>
      <p className="text-sm text-muted">{t('console:noConsole.docs')}</p>
    </section>
  );
}

function LoginForm({
  t,
  initial,
  login,
  onIn,
  onNone,
}: {
  t: T;
  initial: string | null;
  login: (password: string) => Promise<{ ok: true } | ({ ok: false } & Failure)>;
  onIn: () => void;
  onNone: (notSetUp: boolean) => void;
}) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(initial);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setMessage(null);
    const o = await login(password);
    setBusy(false);
    if (o.ok) {
      setPassword('');
      onIn();
      return;
    }
    if (o.kind === 'no-console' || o.kind === 'not-set-up') return onNone(o.kind === 'not-set-up');
    if (o.kind === 'unauthorized') setMessage(t('console:login.wrong'));
    else if (o.kind === 'rate-limited')
      setMessage(
        o.retryAfter === null
          ? t('console:login.tooMany')
          : t('console:login.tooManyFor', { count: Math.max(1, o.retryAfter) }),
      );
    else setMessage(failureText(t, o));
  }
  return (
    <form onSubmit={submit} className="card max-w-md space-y-4 p-4 sm:p-6" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-lg font-semibold text-ink">
        {t('console:login.heading')}
      </h2>
      <div>
        <label htmlFor={`${id}-pw`} className="block text-sm font-medium text-ink">
          {t('console:login.password')}
        </label>
        <input
          id={`${id}-pw`}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-err` : undefined}
          className="mt-1 w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink"
        />
      </div>
      <p
        id={`${id}-err`}
        role="alert"
        className="min-h-5 text-sm font-semibold text-red-700"
        data-console-login-error=""
      >
        {message ?? ''}
      </p>
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? t('console:login.checking') : t('console:login.submit')}
      </button>
    </form>
  );
}
