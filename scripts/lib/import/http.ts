/**
 * One network request with the manners an import needs: a timeout per request, and on 429 (or a
 * 502/503/504) a wait — the Retry-After the network sent (seconds or an HTTP date), else an
 * exponential backoff — before trying again, at most `retries` times. Any other error status
 * fails with the URL, the status and a plain message.
 */
import { FeedError } from '../../../src/import/offer.ts';

export type HttpOptions = {
  /** Per request, ms. */
  timeoutMs: number;
  /** Tries after the first one (429/5xx/timeouts). */
  retries: number;
  /** The longest wait between tries, ms (a Retry-After above it is capped). */
  maxWaitMs: number;
  /** Progress lines ("waiting 2 s: 429 from …"). */
  log: (line: string) => void;
  sleep?: (ms: number) => Promise<void>;
};

export const DEFAULT_HTTP: Omit<HttpOptions, 'log'> = { timeoutMs: 30_000, retries: 4, maxWaitMs: 60_000 };

const RETRIED = new Set([429, 502, 503, 504]);

/** The wait a Retry-After header asks for, ms (null when absent or unreadable). */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const v = header.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

/** The URL as messages show it: no query values that could be credentials. */
export function shownUrl(url: string): string {
  const u = new URL(url);
  for (const key of [...u.searchParams.keys()])
    if (/token|key|secret|password|sid/i.test(key)) u.searchParams.set(key, '…');
  return u.href;
}

export async function requestText(url: string, init: RequestInit, options: HttpOptions): Promise<string> {
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const shown = shownUrl(url);
  for (let attempt = 0; ; attempt++) {
    let why: string;
    let wait: number | null = null;
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
      if (response.ok) return await response.text();
      const body = (await response.text().catch(() => '')).replace(/\s+/g, ' ').trim().slice(0, 160);
      why = `HTTP ${response.status}${body ? `: ${body}` : ''}`;
      if (!RETRIED.has(response.status))
        throw new FeedError(shown, `HTTP ${response.status}`, plainStatus(response.status, body));
      wait = retryAfterMs(response.headers.get('retry-after'));
    } catch (error) {
      if (error instanceof FeedError) throw error;
      const e = error as Error;
      why =
        e.name === 'TimeoutError' || e.name === 'AbortError'
          ? `no answer within ${(options.timeoutMs / 1000).toFixed(1)} s`
          : `${e.message}${e.cause ? ` (${(e.cause as Error).message})` : ''}`;
    }
    if (attempt >= options.retries)
      throw new FeedError(shown, '', `${why} (after ${attempt + 1} tr${attempt === 0 ? 'y' : 'ies'})`);
    const ms = Math.min(options.maxWaitMs, wait ?? 500 * 2 ** attempt);
    options.log(`  waiting ${(ms / 1000).toFixed(1)} s before trying again: ${why} from ${shown}`);
    await sleep(ms);
  }
}

function plainStatus(status: number, body: string): string {
  const what =
    status === 401 || status === 403
      ? 'the network refused the credentials (check the environment variables in docs/networks/)'
      : status === 404
        ? 'not found (check the account id and the base URL)'
        : `the network answered an error`;
  return `${what}${body ? `: ${body}` : ''}`;
}
