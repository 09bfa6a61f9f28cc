/** Shared helpers for tests that talk to the in-process reference API server. */
import type { RecordedRequest } from '../../../scripts/lib/api-server/state.ts';

/** Waits, yielding to the event loop (not timers, which tests may fake), until `check` is true. */
export async function until(check: () => boolean, what = 'condition', limitMs = 5000): Promise<void> {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > limitMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export function requestsTo(requests: RecordedRequest[], pathPrefix: string): RecordedRequest[] {
  return requests.filter((r) => r.url.startsWith(pathPrefix));
}

/** Lets pending promise chains run (a number of event-loop turns, no timers). */
export async function settle(turns = 20): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
}
