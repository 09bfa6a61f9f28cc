/**
 * The ad-script loader (after Prebid.js src/adloader.js): the only code that puts ad network
 * scripts on the page.
 * - One shared pending load per id (a platform, or a platform's unit): N concurrent requests
 *   make one async script tag; a failure is remembered for the page view (no retry storm
 *   behind an ad blocker).
 * - A permission check first: nothing is requested while `canLoad()` is false (no consent).
 * - Addresses only from the configured platforms' known hosts (src/ads/core/hosts.ts), https.
 * - A 3 s timeout counts as a failure (and emits `timed-out`), so slots move on to the fallback.
 * - SPEC §8 messages: "No script URL for platform: {platform}", "Failed to load script: {url}".
 * - The SPEC §9 script performance score per platform:
 *   0.7 * success rate + 0.3 * (1 - average load time / 5000 ms); 0.5 before any load.
 * DOM only through the injected document; nothing runs at import time.
 */
import type { AdEventBus } from './events.ts';
import { createScriptElement } from './script-element.ts';

export const SCRIPT_TIMEOUT_MS = 3000;
export const DEFAULT_SCRIPT_SCORE = 0.5;
const SCORE_LOAD_MS = 5000;

export class AdScriptError extends Error {
  readonly url: string;
  readonly timedOut: boolean;
  constructor(message: string, url: string, timedOut = false) {
    super(message);
    this.name = 'AdScriptError';
    this.url = url;
    this.timedOut = timedOut;
  }
}

export interface ScriptStats {
  attempts: number;
  successes: number;
  failures: number;
  /** Average load time of the successful loads (ms), 0 without any. */
  averageLoadMs: number;
  /** SPEC §9 script performance score. */
  score: number;
}

/** 0.7 * success rate + 0.3 * (1 - average load time / 5000 ms); 0.5 without attempts. */
export function scriptPerformanceScore(s: { attempts: number; successes: number; averageLoadMs: number }): number {
  if (s.attempts === 0) return DEFAULT_SCRIPT_SCORE;
  return 0.7 * (s.successes / s.attempts) + 0.3 * (1 - s.averageLoadMs / SCORE_LOAD_MS);
}

export interface LoaderOptions {
  doc: Document;
  /** Origins scripts may come from, e.g. thirdPartyOrigins(config).script. */
  allowedOrigins: readonly string[];
  /** Consent gate: while false, every load is refused before any request. */
  canLoad: () => boolean;
  timeoutMs?: number;
  now?: () => number;
  bus?: AdEventBus;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (id: unknown) => void;
}

export interface LoadOptions {
  /** Sets crossorigin (AdSense asks for "anonymous"). */
  crossOrigin?: 'anonymous';
  /** Extra attributes, e.g. data-cfasync. */
  attributes?: Record<string, string>;
}

export interface ScriptLoader {
  /** Loads `url` once for `id` (the platform name, or "adsterra:<key>"); shared while pending. */
  load(id: string, url: string | undefined, options?: LoadOptions): Promise<void>;
  /** Throws the loader's error when `url` may not be used; returns the normalized https URL. */
  check(platform: string, url: string | undefined): string;
  /** `<link rel=preconnect>` to each allowed origin once (after consent only). */
  preconnect(origins: readonly string[]): void;
  state(id: string): 'idle' | 'loading' | 'loaded' | 'failed';
  stats(): Record<string, ScriptStats>;
  score(platform: string): number;
  /** Record the outcome of a load done elsewhere (e.g. inside an ad iframe). */
  record(platform: string, ok: boolean, loadMs: number): void;
}

/** "//host/x.js" → "https://host/x.js"; undefined for anything that is not http(s). */
export function normalizeScriptUrl(url: string): URL | undefined {
  const raw = url.startsWith('//') ? `https:${url}` : url;
  try {
    const u = new URL(raw);
    return u.protocol === 'https:' ? u : undefined;
  } catch {
    return undefined;
  }
}

export function createScriptLoader(opts: LoaderOptions): ScriptLoader {
  const timeoutMs = opts.timeoutMs ?? SCRIPT_TIMEOUT_MS;
  const now = opts.now ?? (() => Date.now());
  const setTimer = opts.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
  const clearTimer = opts.clearTimeout ?? ((id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>));
  const states = new Map<string, 'loading' | 'loaded' | 'failed'>();
  const pending = new Map<string, Promise<void>>();
  const raw = new Map<string, { attempts: number; successes: number; failures: number; loadMs: number }>();
  const preconnected = new Set<string>();
  const platformOf = (id: string) => id.split(':')[0] as string;

  const record = (platform: string, ok: boolean, loadMs: number) => {
    const s = raw.get(platform) ?? { attempts: 0, successes: 0, failures: 0, loadMs: 0 };
    s.attempts += 1;
    if (ok) {
      s.successes += 1;
      s.loadMs += loadMs;
    } else s.failures += 1;
    raw.set(platform, s);
  };
  const statsOf = (platform: string): ScriptStats => {
    const s = raw.get(platform) ?? { attempts: 0, successes: 0, failures: 0, loadMs: 0 };
    const averageLoadMs = s.successes > 0 ? s.loadMs / s.successes : 0;
    return {
      attempts: s.attempts,
      successes: s.successes,
      failures: s.failures,
      averageLoadMs,
      score: scriptPerformanceScore({ attempts: s.attempts, successes: s.successes, averageLoadMs }),
    };
  };

  const check = (platform: string, url: string | undefined): string => {
    if (!url) throw new AdScriptError(`No script URL for platform: ${platform}`, '');
    const u = normalizeScriptUrl(url);
    if (!u || !opts.allowedOrigins.includes(u.origin)) {
      throw new AdScriptError(`Script host not allowed for ${platform}: ${url}`, url);
    }
    return u.href;
  };

  return {
    check,
    load(id, url, options = {}) {
      const existing = pending.get(id);
      if (existing) return existing;
      const platform = platformOf(id);
      let href: string;
      try {
        href = check(platform, url);
      } catch (err) {
        return Promise.reject(err);
      }
      if (!opts.canLoad()) {
        return Promise.reject(new AdScriptError(`Ad scripts wait for consent: ${href}`, href));
      }
      const started = now();
      states.set(id, 'loading');
      const promise = new Promise<void>((resolve, reject) => {
        const script = createScriptElement(opts.doc, href, options);
        let settled = false;
        const finish = (ok: boolean, timedOut = false) => {
          if (settled) return;
          settled = true;
          clearTimer(timer);
          states.set(id, ok ? 'loaded' : 'failed');
          record(platform, ok, now() - started);
          if (ok) resolve();
          else {
            if (timedOut) {
              opts.bus?.emit('timed-out', { platform, slotId: '', position: '', at: now(), url: href, timeoutMs });
            }
            reject(new AdScriptError(`Failed to load script: ${href}`, href, timedOut));
          }
        };
        const timer = setTimer(() => finish(false, true), timeoutMs);
        script.addEventListener('load', () => finish(true));
        script.addEventListener('error', () => finish(false));
        (opts.doc.head ?? opts.doc.documentElement).appendChild(script);
      });
      pending.set(id, promise);
      // Keep an unhandled failure of a preload from surfacing as an uncaught rejection.
      promise.catch(() => {});
      return promise;
    },
    preconnect(origins) {
      if (!opts.canLoad()) return;
      for (const origin of origins) {
        if (preconnected.has(origin) || !opts.allowedOrigins.includes(origin)) continue;
        preconnected.add(origin);
        const link = opts.doc.createElement('link');
        link.rel = 'preconnect';
        link.href = origin;
        link.crossOrigin = 'anonymous';
        (opts.doc.head ?? opts.doc.documentElement).appendChild(link);
      }
    },
    state(id) {
      return states.get(id) ?? 'idle';
    },
    stats() {
      return Object.fromEntries([...raw.keys()].map((p) => [p, statsOf(p)]));
    },
    score(platform) {
      return statsOf(platform).score;
    },
    record,
  };
}
