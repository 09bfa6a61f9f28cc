/** Shared helpers for the shopper screen specs (home, coupons, deals, modals). */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type Route, test } from '@playwright/test';
import { FIREFOX_LIMITS } from './firefox-limits.ts';

/** The reference API server the e2e run starts (E2E_API_PORT, default 3001). */
export const API_ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_API_PORT ?? 3001)}`;

/**
 * No serious or critical axe violation on the page (in its current state). Not in Firefox, where
 * the scan crashes the page's process (FIREFOX_LIMITS.axeCrash): there the test says so in its report.
 */
export async function expectNoSeriousA11yViolations(page: Page, include?: string): Promise<void> {
  if (page.context().browser()?.browserType().name() === 'firefox') {
    test.info().annotations.push({ type: 'axe not run in Firefox', description: FIREFOX_LIMITS.axeCrash });
    return;
  }
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    'serious/critical axe violations',
  ).toEqual([]);
}

/**
 * Wait until every island on the page has hydrated, except `client:interaction` ones (the modal
 * host): those hydrate on the visitor's first interaction, which is the test's own next click.
 */
export async function waitForIslands(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelectorAll('astro-island[ssr]:not([client="interaction"])').length === 0,
  );
  // Astro drops `ssr` when hydration starts; React attaches its handlers when hydration commits.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('astro-island:not([client="interaction"])')].every((island) => {
      const first = island.querySelector(':scope > :not(template):not(astro-slot)');
      return !first || Object.keys(first).some((k) => k.startsWith('__reactFiber'));
    }),
  );
}

/**
 * Wait until the page has done what it does on its own after the first paint: its after-paint
 * script has run (the page chrome marks `<html data-chrome-ready>`), then the page's first idle
 * moment has passed, when an island that must hydrate without an interaction starts loading
 * (`soon()` in src/astro/interaction-directive.ts, an idle callback with a 2 s cap). What the
 * static pages used `waitForLoadState('networkidle')` for: in Firefox, Playwright-BiDi's count of
 * requests in flight once never came back to zero on a complete page (docs/firefox.md).
 */
export async function waitForPageSettled(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-chrome-ready');
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => setTimeout(resolve, 0), { timeout: 2000 })),
  );
}

/** The URLs of every script the page requests from now on (the list grows as requests go out). */
export function scriptRequests(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  return scripts;
}

/** Make every /data/*.json request of the static site fail with a 500. */
export async function failStaticData(page: Page): Promise<void> {
  await page.route('**/data/**', (route) => route.fulfill({ status: 500, body: 'boom' }));
}

/** Moves keyboard focus to `field` as a keyboard user would (Tab from the element before it). */
export async function tabTo(page: Page, field: Locator): Promise<void> {
  await field.evaluate((el) => {
    const all = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')];
    const i = all.indexOf(el as HTMLElement);
    const before = all
      .slice(0, i)
      .reverse()
      .find((e) => e.tabIndex >= 0 && e.offsetParent !== null);
    before?.focus();
  });
  await page.keyboard.press('Tab');
  await expect(field).toBeFocused();
}

/**
 * Answers a routed request with what `url` answers. A request still in flight when its test ends
 * (a late module or read of the page) cannot be answered any more: it is dropped, not reported as
 * an error of the run.
 */
export async function answerFrom(route: Route, url: string): Promise<void> {
  try {
    await route.fulfill({ response: await route.fetch({ url }) });
  } catch {
    await route.abort().catch(() => undefined);
  }
}

/**
 * Leaving for the store's tab and coming back. Playwright gives every page of a headless browser
 * focus of its own, so the real tab switch fires nothing here: the page gets what a browser sends
 * when its tab is hidden and shown again.
 */
export async function leaveAndComeBack(page: Page): Promise<void> {
  await page.evaluate(() => {
    const state = { value: 'hidden' as DocumentVisibilityState };
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state.value });
    document.dispatchEvent(new Event('visibilitychange'));
    state.value = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** The first coupon card with a code (code-less ones go straight to the store), and its title. */
export async function firstCodeCard(page: Page) {
  const card = page
    .locator('article[data-coupon-id]')
    .filter({ has: page.getByRole('button', { name: /Get Code/ }) })
    .first();
  const name = ((await card.locator('h3').textContent()) ?? '').trim();
  return { card, name };
}

/** The two numbers of a "Showing X of Y" summary (in `scope`, default the page). */
export async function summaryNumbers(page: Page, scope = page.locator('body')): Promise<number[]> {
  const text = (await scope.locator('[data-results-summary]').first().textContent()) ?? '';
  return (text.match(/\d+/g) ?? []).map(Number);
}

/** Records whether React's chunk was fetched (from now on): call the result to read it. */
export function watchReact(page: Page): () => boolean {
  let fetched = false;
  page.on('request', (r) => {
    if (/\/_astro\/react\.[^/]*\.js$/.test(new URL(r.url()).pathname)) fetched = true;
  });
  return () => fetched;
}
