/**
 * The deploy headers with the REAL ad code (issue 23): the default site (and the API-mode fixture
 * site when it is built) served with its `_headers` under a non-local host name (Chromium maps couponsaver.test to 127.0.0.1, so the ad layer runs
 * its production providers, not the mock ads of local hosts), the ad networks' addresses answered
 * by stand-in scripts (tests/e2e/ads/helpers.ts). Every ad platform of the config, in page slots,
 * the code modal and the Adsterra test page, must render without a single Content-Security-Policy
 * violation in the page or in any frame: Adsterra units live in srcdoc frames that inherit the
 * page's policy, so their inline script must be allowed by its hash.
 * A host that is NOT allowed must be blocked: proof the policy is on and the listener works.
 */
import { existsSync } from 'node:fs';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../../scripts/lib/browser/chromium.ts';
import { ACCEPTED, ADSENSE_SCRIPT, pinRandom, routeAdNetworks } from '../ads/helpers.ts';
import { waitForIslands } from '../shopper-helpers.ts';

const PORT = Number(process.env.E2E_PORT ?? 4391);
/** A production-like host name for the CSP servers (not localhost / 127.x: real providers run). */
const HOST = 'couponsaver.test';
/** The CSP servers of playwright.config.ts (the API-mode one runs when dist/apimode exists). */
const SITES = [
  { name: 'default (static data)', port: Number(process.env.E2E_CSP_PORT ?? PORT + 5) },
  ...(existsSync(process.env.E2E_API_DIST ?? 'dist/apimode')
    ? [{ name: 'apimode (API)', port: Number(process.env.E2E_CSP_API_PORT ?? PORT + 6) }]
    : []),
];
const BLOCKED_ORIGIN = 'https://not-allowed.invalid';

test.use({
  launchOptions: {
    executablePath: findChromium(),
    args: [
      ...CHROMIUM_ARGS,
      `--host-resolver-rules=MAP ${HOST} 127.0.0.1`,
      // Sandboxed frames (the Adsterra units) stay in the page's process, so the stand-ins answer them.
      '--disable-features=IsolateSandboxedIframes',
    ],
  },
});

type Violation = { directive: string; blocked: string; sample: string; frame: string };

/** Collects CSP violations from the page and every frame (srcdoc ad frames included), and CSP console errors. */
async function watch(context: BrowserContext, page: Page) {
  const violations: Violation[] = [];
  const consoleErrors: string[] = [];
  await context.exposeBinding('__cspViolation', ({ frame }, v: Omit<Violation, 'frame'>) => {
    violations.push({ ...v, frame: frame.url() });
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __cspViolation: (v: unknown) => void }).__cspViolation({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        sample: e.sample,
      }),
    );
  });
  page.on('console', (m) => {
    if (/Content.Security.Policy/i.test(m.text())) consoleErrors.push(m.text());
  });
  return { violations, consoleErrors };
}

/** The control: a script from a host the policy does not allow is blocked and reported. */
async function expectControlBlocked(page: Page, violations: Violation[]) {
  await page.evaluate(
    (src) =>
      new Promise<void>((resolve) => {
        const s = document.createElement('script');
        s.src = `${src}/stand-in.js`;
        s.onerror = () => resolve();
        s.onload = () => resolve();
        document.body.append(s);
      }),
    BLOCKED_ORIGIN,
  );
  await expect.poll(() => violations.filter((v) => v.blocked.startsWith(BLOCKED_ORIGIN)).length).toBe(1);
}

function expectClean(where: string, violations: Violation[], consoleErrors: string[]) {
  expect(
    violations.filter((v) => !v.blocked.startsWith(BLOCKED_ORIGIN)),
    `CSP violations on ${where}`,
  ).toEqual([]);
  expect(
    consoleErrors.filter((m) => !m.includes(BLOCKED_ORIGIN)),
    `CSP console errors on ${where}`,
  ).toEqual([]);
}

const storage = (site: string, items: Record<string, string>) => ({
  cookies: [],
  origins: [{ origin: site, localStorage: Object.entries(items).map(([name, value]) => ({ name, value })) }],
});

for (const { name, port } of SITES) {
  const SITE = `http://${HOST}:${port}`;
  test.describe(`real ad code under the deploy CSP on a non-local host: ${name}`, () => {
    test.use({ baseURL: SITE });

    test('the page is served with the deploy headers on the production-like host', async ({ page }) => {
      const res = await page.goto('/coupons');
      const csp = (await res?.allHeaders())?.['content-security-policy'] ?? '';
      expect(csp).toMatch(/script-src 'self' 'sha256-/);
      expect(csp).not.toContain("'unsafe-inline' https"); // scripts: no unsafe-inline
      expect(csp.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain("'unsafe-inline'");
    });

    test.describe('Adsterra', () => {
      test.use({ storageState: storage(SITE, { consent: ACCEPTED, ad_force_platform: 'adsterra' }) });

      test('the test page loads the banner and the native unit in their srcdoc frames, no violation', async ({
        page,
        context,
      }) => {
        await routeAdNetworks(context, { adsense: 'ok', adsterra: 'ok' });
        const { violations, consoleErrors } = await watch(context, page);
        await page.goto('/test/adsterra');
        for (const type of ['banner', 'native']) {
          const card = page.locator(`[data-adsterra-type="${type}"]`);
          await expect(card, type).toHaveAttribute('data-state', 'loaded');
          const frame = card.locator('iframe[title="Advertisement"]');
          await expect(frame).toBeVisible();
          await expect(frame.contentFrame().locator('[data-standin="adsterra"]')).toBeVisible();
        }
        // The banner got its own options (atOptions) inside its frame.
        await expect(
          page.locator('[data-adsterra-type="banner"] iframe').contentFrame().locator('[data-standin="adsterra"]'),
        ).toContainText('Stand-in Adsterra 0a1b2c3d4e5f60718293a4b5c6d7e8f9');
        await expect(page.getByText('Ad temporarily unavailable')).toHaveCount(0);
        await expectControlBlocked(page, violations);
        expectClean('/test/adsterra', violations, consoleErrors);
      });

      test('page slots and the code modal render Adsterra, no violation', async ({ page, context }) => {
        await routeAdNetworks(context, { adsense: 'ok', adsterra: 'ok' });
        await pinRandom(page);
        const { violations, consoleErrors } = await watch(context, page);
        await page.goto('/coupons');
        await waitForIslands(page);
        const slot = page.locator('[data-ad-page-slot="top"] [data-ad-container][data-ad-platform="adsterra"]');
        await expect(slot.locator('iframe[title="Advertisement"]')).toBeVisible();
        await expect(
          slot.locator('iframe[title="Advertisement"]').contentFrame().locator('[data-standin="adsterra"]'),
        ).toBeVisible();
        await page
          .locator('section[aria-labelledby="all-coupons-title"] article')
          .first()
          .getByRole('button', { name: /Get Code/ })
          .click();
        const dialog = page.getByRole('dialog');
        const modalAd = dialog.locator('[data-ad-container]');
        await expect(modalAd).toHaveAttribute('data-ad-platform', 'adsterra');
        await expect(
          modalAd.locator('iframe[title="Advertisement"]').contentFrame().locator('[data-standin="adsterra"]'),
        ).toBeVisible();
        await expect(dialog.getByText('Ad temporarily unavailable')).toHaveCount(0);
        await expectControlBlocked(page, violations);
        expectClean('/coupons (Adsterra)', violations, consoleErrors);
      });
    });

    test.describe('AdSense', () => {
      test.use({ storageState: storage(SITE, { consent: ACCEPTED, ad_force_platform: 'adsense' }) });

      test('page slots and the code modal render AdSense, no violation', async ({ page, context }) => {
        await routeAdNetworks(context, { adsense: 'ok', adsterra: 'ok' });
        await pinRandom(page);
        const { violations, consoleErrors } = await watch(context, page);
        await page.goto('/coupons');
        await waitForIslands(page);
        await expect(page.locator(`script[src="${ADSENSE_SCRIPT}"]`)).toHaveCount(1);
        await expect(page.locator('ins.adsbygoogle[data-ad-status="filled"]').first()).toBeVisible();
        await page
          .locator('section[aria-labelledby="all-coupons-title"] article')
          .first()
          .getByRole('button', { name: /Get Code/ })
          .click();
        const dialog = page.getByRole('dialog');
        await expect(dialog.locator('ins.adsbygoogle')).toHaveAttribute('data-ad-status', 'filled');
        await expectControlBlocked(page, violations);
        expectClean('/coupons (AdSense)', violations, consoleErrors);
      });
    });

    test.describe('the decision engine choosing (no forced platform)', () => {
      test.use({ storageState: storage(SITE, { consent: ACCEPTED }) });

      for (const path of ['/', '/deals', '/brands/voltura', '/categories/electronics', '/search?q=off', '/de']) {
        test(`no violation on ${path}`, async ({ page, context }) => {
          await routeAdNetworks(context, { adsense: 'ok', adsterra: 'ok' });
          await pinRandom(page);
          const { violations, consoleErrors } = await watch(context, page);
          await page.goto(path);
          // Every page slot that shows ends filled by a provider (never "Ad temporarily unavailable").
          const slots = page.locator('[data-ad-page-slot] [data-ad-container][data-ad-platform]');
          await expect.poll(() => slots.count()).toBeGreaterThan(0);
          await expect(page.getByText('Ad temporarily unavailable')).toHaveCount(0);
          await page.waitForLoadState('networkidle');
          await expectControlBlocked(page, violations);
          expectClean(path, violations, consoleErrors);
        });
      }
    });
  });
}
