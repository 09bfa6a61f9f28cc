/**
 * The JavaScript a page fetches before any interaction, as Chromium counts it: the page is
 * loaded in Chromium (phone viewport, as Lighthouse's mobile run) from the local static server
 * (Brotli, as Cloudflare and Netlify send it), nothing is clicked, typed or scrolled, and every script response until
 * the network has been quiet for half a second (idle islands included) is counted with its
 * transfer size (compressed body + response headers, what Lighthouse's "script transfer size"
 * sums). Inline scripts are part of the HTML and not counted here.
 *
 * The browser decides which files load; their size is given under both encodings a host may send
 * (issue 43: many static hosts and proxies still send gzip): each fetched file is compressed
 * with the static server's own settings (encodedBody) and counted with the response headers
 * Chromium received, so `gzip` and `br` are what the same visit transfers from a gzip-only or a
 * Brotli host.
 */
import { readFileSync } from 'node:fs';
import { type Browser, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../browser/chromium.ts';
import { encodedBody, resolveFile } from '../serve/static-server.ts';
import { type BuiltPage, realPages } from './pages.ts';

/** Lighthouse's mobile viewport: what is "visible" on load is the same as in its runs. */
export const PHONE_VIEWPORT = { width: 412, height: 823 };

export interface ScriptFetch {
  /** URL path of the script. */
  path: string;
  /** Bytes on the wire: encoded body + response headers. */
  transfer: number;
  /** Response headers + the file's gzip body (0 when the file is not in `dir`). */
  gzip: number;
  /** Response headers + the file's Brotli body (0 when the file is not in `dir`). */
  br: number;
}

/** One encoding's body size per file, computed once per gate run. */
export type EncodedSizes = Map<string, { gzip: number; br: number }>;

/** Gzip and Brotli body sizes of a built file as the static server would send them. */
export function encodedSizes(dir: string, path: string, cache: EncodedSizes = new Map()): { gzip: number; br: number } {
  const file = resolveFile(dir, path);
  if (!file) return { gzip: 0, br: 0 };
  let hit = cache.get(file);
  if (!hit) {
    const body = readFileSync(file);
    hit = { gzip: encodedBody(body, 'gzip').length, br: encodedBody(body, 'br').length };
    cache.set(file, hit);
  }
  return hit;
}

export interface BrowserJs {
  /** URL path with query, as loaded. */
  url: string;
  scripts: ScriptFetch[];
  /** Sum of the scripts' transfer sizes, bytes. */
  transfer: number;
  /** Sum of the scripts' sizes served with gzip, bytes. */
  gzip: number;
  /** Sum of the scripts' sizes served with Brotli, bytes. */
  br: number;
  /** Scripts from another origin (the first load must not depend on third parties). */
  foreign: string[];
}

/** Opens one Chromium for `fn` and closes it after. */
export async function withChromium<T>(fn: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    return await fn(browser);
  } finally {
    await browser.close();
  }
}

/**
 * Who loads the page: a first visit (no consent choice yet: the banner shows, no ad code runs) or
 * a returning visitor who accepted ads (the ad runtime loads at the first idle moment).
 */
export type Visitor = 'first' | 'accepted-ads';

/**
 * Loads `base + url` with no input and lists the scripts it fetched; `dir` (the served build)
 * gives each file's gzip and Brotli sizes.
 */
export async function scriptsBeforeInteraction(
  browser: Browser,
  base: string,
  url: string,
  dir?: string,
  cache: EncodedSizes = new Map(),
  visitor: Visitor = 'first',
): Promise<BrowserJs> {
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true });
  // A returning visitor who chose "Accept all" on an earlier visit (src/preferences/preferences.ts
  // CONSENT_KEY): the ad layer loads its runtime before any input.
  if (visitor === 'accepted-ads')
    await context.addInitScript(() =>
      localStorage.setItem('consent', JSON.stringify({ v: 1, choice: 'accepted', at: Date.now() })),
    );
  const page = await context.newPage();
  const pending: Promise<ScriptFetch | null>[] = [];
  const origin = new URL(base).origin;
  const foreign: string[] = [];
  page.on('requestfinished', (req) => {
    if (req.resourceType() !== 'script') return;
    const u = new URL(req.url());
    if (u.origin !== origin) {
      foreign.push(req.url());
      return;
    }
    pending.push(
      req
        .sizes()
        .then((s) => {
          const sizes = dir ? encodedSizes(dir, u.pathname, cache) : { gzip: 0, br: 0 };
          return {
            path: u.pathname,
            transfer: s.responseBodySize + s.responseHeadersSize,
            gzip: sizes.gzip && sizes.gzip + s.responseHeadersSize,
            br: sizes.br && sizes.br + s.responseHeadersSize,
          };
        })
        .catch(() => null),
    );
  });
  try {
    await page.goto(`${base}${url}`, { waitUntil: 'load' });
    // client:idle islands start at the first idle moment; then their imports load.
    await page.evaluate(
      () => new Promise<void>((r) => requestIdleCallback(() => setTimeout(r, 100), { timeout: 5000 })),
    );
    await page.waitForLoadState('networkidle');
    const scripts = (await Promise.all(pending)).filter((s): s is ScriptFetch => s !== null);
    const total = (k: 'transfer' | 'gzip' | 'br') => scripts.reduce((n, s) => n + s[k], 0);
    return { url, scripts, transfer: total('transfer'), gzip: total('gzip'), br: total('br'), foreign };
  } finally {
    await context.close();
  }
}

/**
 * The pages the browser measures: one of each page type in each language (the type's first
 * page), and the search page with a query that has results (its results view loads with them)
 * and without one.
 */
export function browserTargets(pages: BuiltPage[], searchQuery?: string): { page: BuiltPage; url: string }[] {
  const real = realPages(pages);
  const brandSlug = real.find((p) => p.type === 'brand' && !/^\/brands\/\d+$/.test(p.path))?.path.split('/')[2];
  const q = searchQuery ?? brandSlug?.split('-')[0] ?? 'shoes';
  const seen = new Set<string>();
  const out: { page: BuiltPage; url: string }[] = [];
  for (const page of real) {
    const key = `${page.type} ${page.lang}`;
    if (seen.has(key)) continue;
    // A brand page by slug, not a numbered page of the brand directory.
    if (page.type === 'brand' && /^\/brands\/\d+$/.test(page.path)) continue;
    seen.add(key);
    out.push({ page, url: page.type === 'search' ? `${page.url}?q=${encodeURIComponent(q)}` : page.url });
    // The search page without a query too: its prompt, whose island waits for the first input.
    if (page.type === 'search') out.push({ page, url: page.url });
  }
  return out;
}
