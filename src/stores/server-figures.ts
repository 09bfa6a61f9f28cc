/**
 * The server's ad figures for the admin dashboard (GET /ads/performance, API mode), validated:
 * `$serverFigures` and `loadServerFigures()`.
 */
// Before zod builds a schema: no `new Function` probe under the deploy CSP.
import '../catalog/zod-jitless.ts';
import { atom } from 'nanostores';
import { z } from 'zod';
import { loadApiClient } from './source.ts';

const count = z.number().int().nonnegative().catch(0);
const performanceSchema = z.record(
  z.string().max(40),
  z.object({ impressions: count, clicks: count, requests: count.optional() }),
);
export type ServerPerformance = z.infer<typeof performanceSchema>;
export type ServerFiguresState =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ok'; data: ServerPerformance };

export const $serverFigures = atom<ServerFiguresState>({ kind: 'loading' });

let latest = 0;

/** Loads the server's ad figures (API mode); a later call wins over an earlier one still running. */
export async function loadServerFigures(): Promise<void> {
  const call = ++latest;
  const set = (s: ServerFiguresState) => {
    if (call === latest) $serverFigures.set(s);
  };
  set({ kind: 'loading' });
  try {
    const { getApiClient } = await loadApiClient();
    const result = await getApiClient().get<unknown>('/ads/performance');
    if (!result.success) return set({ kind: 'error', message: result.message });
    const parsed = performanceSchema.safeParse(result.data);
    set(parsed.success ? { kind: 'ok', data: parsed.data } : { kind: 'error', message: 'unexpected response' });
  } catch (err) {
    set({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
  }
}
