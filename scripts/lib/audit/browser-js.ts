/**
 * The JavaScript a page fetches before any interaction, as Chromium counts it: the page is
 * loaded in Chromium (phone viewport, as Lighthouse's mobile run) from the local static server
 * (Brotli, as Cloudflare and Netlify send it), nothing is clicked, typed or scrolled, and every script response until
 * the network has been quiet for half a second (idle islands included) is counted with its
 * transfer size (compressed body + response headers, what Lighthouse's "script transfer size"
 * sums). Inline scripts are part of the HTML and not counted here.
 */
import { type Browser, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../browser/chromium.ts';
import { type BuiltPage, realPages } from './pages.ts';

/** Lighthouse's mobile viewport: what is "visible" on load is the same as in its runs. */
export const PHONE_VIEWPORT = { width: 412, height: 823 };

export interface ScriptFetch {
  /** URL path of the script. */
  path: string;
  /** Bytes on the wire: encoded body + response headers. */
  transfer: number;
}

export interface BrowserJs {
  /** URL path with query, as loaded. */
  url: string;
  scripts: ScriptFetch[];
  /** Sum of the scripts' transfer sizes, bytes. */
  transfer: number;
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

/** Loads `base + url` with no input and lists the scripts it fetched. */
export async function scriptsBeforeInteraction(browser: Browser, base: string, url: string): Promise<BrowserJs> {
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true });
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
        .then((s) => ({ path: u.pathname, transfer: s.responseBodySize + s.responseHeadersSize }))
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
    return { url, scripts, transfer: scripts.reduce((n, s) => n + s.transfer, 0), foreign };
  } finally {
    await context.close();
  }
}

/**
 * The pages the browser measures: one of each page type in each language (the type's first
 * page), and the search page with a query that has results (its results view loads with them).
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
  }
  return out;
}
