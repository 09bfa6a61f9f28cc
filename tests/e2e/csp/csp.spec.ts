/**
 * The deploy headers in a browser: the default site (static data) and the API-mode fixture site,
 * served with their `_headers` (npm run serve -- --headers), must not log a single
 * Content-Security-Policy violation on any page type, with the ad, consent and analytics hosts
 * of their config answered by local stand-ins (each page also loads one stand-in script, image,
 * frame and beacon from every allowed host itself). On 127.0.0.1 the ad layer shows mock ads; the
 * real provider code under the same headers on a non-local host is covered by providers.spec.ts.
 * A host that is NOT allowed must be blocked: proof the policy is on and the listener works.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { thirdPartyOrigins } from '../../../src/ads/core/hosts.ts';
import { siteConfigSchema } from '../../../src/config/schema.ts';

const PORT = Number(process.env.E2E_PORT ?? 4391);
const SITES = [
  {
    name: 'default (static data)',
    file: 'sites/default.json',
    base: `http://127.0.0.1:${Number(process.env.E2E_CSP_PORT ?? PORT + 5)}`,
  },
  {
    name: 'apimode (API)',
    file: 'tests/fixtures/sites/apimode.json',
    base: `http://127.0.0.1:${Number(process.env.E2E_CSP_API_PORT ?? PORT + 6)}`,
  },
];
const BLOCKED_ORIGIN = 'https://not-allowed.invalid';

/** Every page type of the site, in the default language and one other. */
const PAGES = [
  '/',
  '/es',
  '/coupons',
  '/coupons?category=1&sort=discount',
  '/deals',
  '/brands',
  '/brands/voltura',
  '/brands/1',
  '/categories',
  '/categories/electronics',
  '/search?q=off',
  '/search',
  '/about',
  '/contact',
  '/cookie-policy',
  '/blog',
  '/de/help',
  '/admin/ad-dashboard',
  '/test/adsterra',
  '/test/modal-ad',
  '/no-such-page',
];

type Violation = { directive: string; blocked: string; source: string };

async function watch(page: Page, origins: ReturnType<typeof thirdPartyOrigins>) {
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (/Content.Security.Policy/i.test(m.text())) consoleErrors.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: Violation[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push({ directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile }),
    );
  });
  // Ad, consent and analytics hosts answer with stand-ins; nothing leaves the machine.
  const all = new Set([...origins.script, ...origins.frame, ...origins.connect, ...origins.img, BLOCKED_ORIGIN]);
  const thirdParty: string[] = [];
  for (const origin of all) {
    await page.route(`${origin}/**`, (route) => {
      thirdParty.push(route.request().url());
      const type = route.request().resourceType();
      if (type === 'script') return route.fulfill({ contentType: 'text/javascript', body: 'window.__standIn = true;' });
      if (type === 'image')
        return route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' });
      if (type === 'document') return route.fulfill({ contentType: 'text/html', body: '<p>ad</p>' });
      return route.fulfill({ status: 204 });
    });
  }
  return { consoleErrors, thirdParty };
}

/** Loads one stand-in script, image, frame and beacon from every allowed host, and one from a host that is not. */
async function probe(page: Page, origins: ReturnType<typeof thirdPartyOrigins>) {
  await page.evaluate(
    async ({ origins, blocked }) => {
      const load = (el: HTMLElement) =>
        new Promise<void>((resolve) => {
          el.addEventListener('load', () => resolve());
          el.addEventListener('error', () => resolve());
          setTimeout(resolve, 3000);
          document.body.append(el);
        });
      const jobs: Promise<unknown>[] = [];
      for (const o of [...origins.script, blocked]) {
        const s = document.createElement('script');
        s.src = `${o}/stand-in.js`;
        jobs.push(load(s));
      }
      for (const o of origins.img) {
        const i = document.createElement('img');
        i.src = `${o}/stand-in.svg`;
        i.alt = '';
        jobs.push(load(i));
      }
      for (const o of origins.frame) {
        const f = document.createElement('iframe');
        f.src = `${o}/stand-in.html`;
        f.title = 'stand-in';
        jobs.push(load(f));
      }
      for (const o of origins.connect) jobs.push(fetch(`${o}/stand-in`, { mode: 'no-cors' }).catch(() => null));
      await Promise.all(jobs);
    },
    { origins, blocked: BLOCKED_ORIGIN },
  );
}

for (const site of SITES) {
  test.describe(`CSP of ${site.name}`, () => {
    const config = siteConfigSchema.parse(JSON.parse(readFileSync(site.file, 'utf8')));
    const origins = thirdPartyOrigins(config);

    test('is served with the deploy headers', async ({ request }) => {
      const res = await request.get(`${site.base}/coupons`);
      expect(res.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
      expect(res.headers()['strict-transport-security']).toBeTruthy();
      expect((await request.get(`${site.base}/_headers`)).status()).toBe(404);
    });

    for (const path of PAGES) {
      test(`no violation on ${path}`, async ({ page }) => {
        const { consoleErrors, thirdParty } = await watch(page, origins);
        await page.goto(`${site.base}${path}`);
        await page.waitForLoadState('networkidle');
        if (path === '/coupons') {
          // Interactions that load code and data: a filter, and the code modal (tracking call).
          const getCode = page.getByRole('button', { name: /Get Code/i }).first();
          if (await getCode.count()) await getCode.click();
          await page.waitForLoadState('networkidle');
        }
        await probe(page, origins);
        const violations = await page.evaluate(() => (window as unknown as { __csp: Violation[] }).__csp);
        // The control: the host that is not allowed was blocked (the policy is on).
        expect(violations.filter((v) => v.blocked.startsWith(BLOCKED_ORIGIN))).toHaveLength(1);
        const others = violations.filter((v) => !v.blocked.startsWith(BLOCKED_ORIGIN));
        const consoleOthers = consoleErrors.filter((m) => !m.includes(BLOCKED_ORIGIN));
        console.log(
          `${site.name} ${path}: ${others.length} violations, ${thirdParty.filter((u) => !u.includes('stand-in')).length} third-party requests by the page itself`,
        );
        expect(others, `CSP violations on ${path}`).toEqual([]);
        expect(consoleOthers, `CSP console errors on ${path}`).toEqual([]);
      });
    }
  });
}
