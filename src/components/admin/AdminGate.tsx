/** The admin dashboard's password gate (SPEC §5): unlocks for the browser session. */
import { type FormEvent, useId, useState } from 'react';
import { checkPassword, rememberUnlock } from '../../admin/admin-gate.ts';
import type { createTranslator } from '../../i18n/client.ts';
import { sessionStore } from '../../storage/stores.ts';

type T = ReturnType<typeof createTranslator>;

export function AdminGate({ hash, t, onUnlock }: { hash: string | null; t: T; onUnlock: () => void }) {
  const id = useId();
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setInvalid(false);
    const ok = await checkPassword(value, hash).catch(() => false);
    setBusy(false);
    if (ok && hash) {
      rememberUnlock(sessionStore(), hash);
      onUnlock();
    } else {
      setInvalid(true);
    }
  }
  // No password configured: nothing to type, so no field and no "Invalid password" (SPEC §5).
  if (!hash) {
    return (
      <section className="card max-w-md space-y-4 p-6" aria-labelledby={`${id}-h`} data-admin-no-password="">
        <h2 id={`${id}-h`} className="text-lg font-semibold text-ink">
          {t('admin:gate.notConfiguredHeading')}
        </h2>
        <p className="text-sm text-ink">{t('admin:gate.notConfigured')}</p>
      </section>
    );
  }
  return (
    <form onSubmit={submit} className="card max-w-md space-y-4 p-6" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-lg font-semibold text-ink">
        {t('admin:gate.heading')}
      </h2>
      <div>
        <label htmlFor={`${id}-pw`} className="block text-sm font-medium text-ink">
          {t('admin:gate.password')}
        </label>
        <input
          id={`${id}-pw`}
          type="password"
          autoComplete="current-password"
          required
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-err` : undefined}
          className="mt-1 w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink"
        />
      </div>
      {invalid && (
        <p id={`${id}-err`} role="alert" className="text-sm font-semibold text-red-700">
          {t('admin:gate.invalid')}
        </p>
      )}
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? t('admin:gate.checking') : t('admin:gate.unlock')}
      </button>
    </form>
  );
}
