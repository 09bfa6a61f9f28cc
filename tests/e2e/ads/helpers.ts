/**
 * Helpers for the ad-layer browser tests: a production host name answered from the local
 * build, stand-in ad network scripts, an ad blocker, consent seeding and layout-shift sums.
 */
import type {
  BrowserContext,
  LaunchOptions,
  Page,
  PlaywrightWorkerArgs,
  PlaywrightWorkerOptions,
  WorkerFixture,
} from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../../scripts/lib/browser/chromium.ts';
import { API_ORIGIN, answerFrom } from '../shopper-helpers.ts';

/**
 * Chromium puts sandboxed iframes (our Adsterra frames) in their own process, where Playwright
 * cannot route their requests; this keeps them in the page's process so the stand-ins answer.
 * Other browsers (project "firefox") keep the project's launch options.
 */
export const ROUTABLE_SANDBOXED_FRAMES: [
  WorkerFixture<LaunchOptions, PlaywrightWorkerArgs & PlaywrightWorkerOptions>,
  { scope: 'worker' },
] = [
  async ({ browserName, launchOptions }, use) =>
    use(
      browserName === 'chromium'
        ? { executablePath: findChromium(), args: [...CHROMIUM_ARGS, '--disable-features=IsolateSandboxedIframes'] }
        : launchOptions,
    ),
  { scope: 'worker' },
];

/** A visitor who has not chosen yet (the config pre-seeds "Accept all" for other tests). */
export const NO_CONSENT = { cookies: [], origins: [] };
export const ACCEPTED = JSON.stringify({ v: 1, choice: 'accepted', at: 1 });
export const REJECTED = JSON.stringify({ v: 1, choice: 'rejected', at: 1 });

/** A non-local host name: real providers, no mocks. Answered from the local build. */
export const PROD = 'http://www.couponsaver.example';
export const ADSENSE_HOST = 'https://pagead2.googlesyndication.com';
export const ADSTERRA_HOST = 'https://www.highperformanceformat.com';
export const PUBLISHER = 'ca-pub-0000000000000000';
export const ADSENSE_SCRIPT = `${ADSENSE_HOST}/pagead/js/adsbygoogle.js?client=${PUBLISHER}`;

/** Serve PROD from the local static server (the baseURL of the project). */
export async function mapProductionHost(context: BrowserContext, baseURL: string): Promise<void> {
  await context.route(`${PROD}/**`, (route) => {
    const u = new URL(route.request().url());
    return answerFrom(route, `${baseURL}${u.pathname}${u.search}`);
  });
}

/** Every request the page makes to a host other than its own. */
export function recordThirdParty(context: BrowserContext, ownOrigin: string): string[] {
  const seen: string[] = [];
  // The site's own API (its tracking calls) is first party: the e2e build points it at the
  // reference API of this run.
  const own = new Set([ownOrigin, API_ORIGIN]);
  context.on('request', (r) => {
    const url = r.url();
    if (url.startsWith('data:') || url.startsWith('blob:') || url.startsWith('about:')) return;
    if (!own.has(new URL(url).origin)) seen.push(url);
  });
  return seen;
}

/**
 * AdSense stand-in: the real push contract. push({}) fills the first unfilled ins (status
 * "done", data-ad-status "filled" or, with `unfilled`, "unfilled") and throws AdSense's own
 * error when every ins already has an ad. Records requestNonPersonalizedAds as it was when
 * the script ran.
 */
export function adsenseStandIn(opts: { unfilled?: boolean } = {}): string {
  return `(function(){
    var q = window.adsbygoogle || [];
    window.__adsenseStandIn = { npa: q.requestNonPersonalizedAds, pushes: 0 };
    function fill() {
      window.__adsenseStandIn.pushes++;
      var ins = Array.prototype.find.call(document.querySelectorAll('ins.adsbygoogle'), function (el) { return !el.hasAttribute('data-adsbygoogle-status'); });
      if (!ins) throw new Error("adsbygoogle.push() error: All 'ins' elements in the DOM with class=adsbygoogle already have ads in them.");
      ins.setAttribute('data-adsbygoogle-status', 'done');
      ins.setAttribute('data-ad-status', ${opts.unfilled ? "'unfilled'" : "'filled'"});
      ${opts.unfilled ? '' : 'ins.innerHTML = \'<div data-standin="adsense" style="width:100%;height:100%;background:#fde68a">Stand-in AdSense</div>\';'}
    }
    var api = { push: function () { fill(); }, loaded: true, requestNonPersonalizedAds: q.requestNonPersonalizedAds };
    window.adsbygoogle = api;
    for (var i = 0; i < q.length; i++) fill();
  })();`;
}

/** Adsterra stand-in invoke.js: draws into its (iframe) document like the network's code does. */
export const ADSTERRA_STAND_IN = `(function(){
  var o = window.atOptions;
  var d = document.createElement('div');
  d.setAttribute('data-standin', 'adsterra');
  d.style.cssText = 'background:#bbf7d0;width:' + (o ? o.width : 300) + 'px;height:' + (o ? o.height : 250) + 'px';
  d.textContent = 'Stand-in Adsterra ' + (o ? o.key : 'native');
  document.body.appendChild(d);
})();`;

type Network = 'ok' | 'fail' | 'abort' | { delayMs: number };

/**
 * Ad network addresses answered with stand-ins ('ok'), a 500 ('fail'), a delay, or aborted as
 * an ad blocker would ('abort'). Everything else outside PROD and the local server is aborted.
 */
export async function routeAdNetworks(
  context: BrowserContext,
  nets: { adsense: Network; adsterra: Network; adsenseUnfilled?: boolean },
): Promise<void> {
  const serve = async (route: Parameters<Parameters<BrowserContext['route']>[1]>[0], how: Network, body: string) => {
    if (how === 'abort') return route.abort('blockedbyclient');
    if (how === 'fail') return route.fulfill({ status: 500, body: 'error' });
    if (typeof how === 'object') await new Promise((r) => setTimeout(r, how.delayMs));
    return route.fulfill({ status: 200, contentType: 'text/javascript', body });
  };
  await context.route(`${ADSENSE_HOST}/**`, (route) =>
    serve(route, nets.adsense, adsenseStandIn({ unfilled: nets.adsenseUnfilled ?? false })),
  );
  await context.route(`${ADSTERRA_HOST}/**`, (route) => serve(route, nets.adsterra, ADSTERRA_STAND_IN));
}

/** A cosmetic filter like an ad blocker's: hides elements matching common ad selectors. */
export async function hideAdsLikeABlocker(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const inject = () => {
      if (!document.head) return false;
      const style = document.createElement('style');
      style.textContent =
        '.adsbygoogle,[id^="container-"],iframe[title="Advertisement"],[data-mock-ad],[data-ad-page-slot],[data-ad-position]{display:none!important}';
      document.head.appendChild(style);
      return true;
    };
    if (!inject()) document.addEventListener('DOMContentLoaded', inject, { once: true });
  });
}

/** Sums every layout-shift entry from the start of the page (read with `layoutShift(page)`). */
export async function trackLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    w.__cls = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources?: { node?: Node }[];
      })[]) {
        w.__cls += e.value;
        const node = e.sources?.[0]?.node as Element | undefined;
        w.__shifts.push(`${e.value.toFixed(4)} ${node?.nodeName ?? ''}.${node?.className ?? ''}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export async function layoutShift(page: Page): Promise<{ cls: number; shifts: string[] }> {
  return page.evaluate(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    return { cls: w.__cls, shifts: w.__shifts };
  });
}

/** Pins Math.random so the page-slot draw (displayProbability 0.85) shows the slots. */
export async function pinRandom(page: Page, value = 0.1): Promise<void> {
  await page.addInitScript((v) => {
    Math.random = () => v;
  }, value);
}

/** Seeds localStorage for `origin` before any page script runs. */
export function storageFor(origin: string, items: Record<string, string>) {
  return {
    cookies: [],
    origins: [{ origin, localStorage: Object.entries(items).map(([name, value]) => ({ name, value })) }],
  };
}

/**
 * Collects the page's uncaught script errors. Firefox also puts a request the network refused
 * (an ad script the test aborts: "CORS request did not succeed") in the page's console as an
 * error, which Playwright-BiDi passes on as a page error; that is the network outcome the test
 * set up, not a script error, so it is left out. Chromium reports no such page error.
 */
export function recordPageErrors(page: Page, into: string[]): void {
  const NETWORK_REFUSED =
    /^The Same Origin Policy disallows reading the remote resource at .*\(Reason: CORS request did not succeed\)/;
  page.on('pageerror', (e) => {
    if (!NETWORK_REFUSED.test(e.message)) into.push(e.message);
  });
}
