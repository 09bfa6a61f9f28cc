/**
 * The admin ad dashboard on the API-mode fixture site (admin.passwordSha256 = SHA-256 of
 * "e2e-admin-pass"; 127.0.0.1 is a local host, so every slot shows a mock ad): the gate, the
 * figures after real tracked mock impressions and clicks, the ranges, chart and tables, the
 * forced platform, reset, the server's figures, ad events reaching the reference server, axe
 * and screenshots.
 */
import { expect, type Page, test } from '@playwright/test';
import { API_ORIGIN, expectNoSeriousA11yViolations, waitForIslands } from '../shopper-helpers.ts';

const PASSWORD = 'e2e-admin-pass';

async function unlock(page: Page) {
  await page.goto('/admin/ad-dashboard');
  await waitForIslands(page);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.locator('[data-admin-dashboard="unlocked"]')).toBeVisible();
}

const total = (page: Page, k: string) => page.locator(`[data-total="${k}"] dd`);

test('gate: wrong password → "Invalid password" alert and still locked; right one unlocks; reload stays unlocked; a new session is locked', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.goto('/admin/ad-dashboard');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByText('It is not real authorization', { exact: false })).toBeVisible();
  await waitForIslands(page);
  await page.getByLabel('Password').fill('wrong');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid password');
  await expect(page.locator('[data-admin-dashboard="locked"]')).toBeVisible();
  await expect(page.locator('[data-platform-table]')).toHaveCount(0);

  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.locator('[data-platform-table]')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The password itself is nowhere in the page.
  expect(await page.content()).not.toContain(PASSWORD);

  await page.reload();
  await expect(page.locator('[data-platform-table]')).toBeVisible();

  // A new browser session (sessionStorage is per session) starts locked.
  const other = await browser.newContext({ storageState: await context.storageState() });
  const fresh = await other.newPage();
  await fresh.goto(page.url());
  await expect(fresh.getByLabel('Password')).toBeVisible();
  await expect(fresh.locator('[data-platform-table]')).toHaveCount(0);
  await other.close();
});

test('figures after tracked mock impressions and clicks; every range; chart and tables; forced platform; reset', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  // Real ad activity: the coupons page's mock slots report impressions; clicking one is a click.
  await page.goto('/coupons');
  const top = page.locator('[data-ad-page-slot="top"] [data-mock-ad]');
  await expect(top).toBeVisible();
  await page.waitForFunction(() => {
    const m = JSON.parse(localStorage.getItem('ad_metrics') ?? '{}') as Record<string, { impressions: number }>;
    return Object.values(m).reduce((n, r) => n + r.impressions, 0) >= 2;
  });
  await top.click();
  await page.waitForFunction(() => {
    const m = JSON.parse(localStorage.getItem('ad_metrics') ?? '{}') as Record<string, { clicks: number }>;
    return Object.values(m).reduce((n, r) => n + r.clicks, 0) >= 1;
  });
  // Let the mock impressions settle, then read what the tracker stored.
  await page.waitForTimeout(800);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('ad_metrics') ?? '{}'));
  const adsense = stored.adsense as { impressions: number; clicks: number; hourly: number[][] };
  expect(adsense.impressions).toBeGreaterThanOrEqual(1);
  const imp = Object.values(stored as Record<string, { impressions: number }>).reduce((n, r) => n + r.impressions, 0);
  const clk = Object.values(stored as Record<string, { clicks: number }>).reduce((n, r) => n + r.clicks, 0);
  // Add an older bucket (3 days ago, adsense: 100 impressions, 5 clicks) so the ranges differ.
  await page.evaluate(() => {
    const m = JSON.parse(localStorage.getItem('ad_metrics') ?? '{}');
    const h = Math.floor(Date.now() / 3_600_000) - 72;
    m.adsense.hourly.unshift([h, 100, 5]);
    m.adsense.impressions += 100;
    m.adsense.clicks += 5;
    localStorage.setItem('ad_metrics', JSON.stringify(m));
  });
  await page.goto('/coupons'); // leave through pagehide (flushes the ad events), then the dashboard
  await unlock(page);

  const fmt = (n: number) => new Intl.NumberFormat('en').format(n);
  await page.getByRole('button', { name: 'Hourly' }).click();
  await expect(page.getByRole('button', { name: 'Hourly' })).toHaveAttribute('aria-pressed', 'true');
  // The page slots keep counting while the dashboard is open? No: the dashboard has no slots.
  await expect(total(page, 'impressions')).toHaveText(fmt(imp));
  await expect(total(page, 'clicks')).toHaveText(fmt(clk));
  await expect(total(page, 'ctr')).toHaveText(
    new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 2 }).format(clk / imp),
  );
  // Per-platform rows: one per configured platform (adsense, adsterra).
  const rows = page.locator('[data-platform-table] tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).locator('th')).toHaveText('adsense');
  await expect(rows.nth(1).locator('th')).toHaveText('adsterra');
  // Revenue by SPEC §9 for adsense in the last 24 hours.
  const a = { i: adsense.impressions, c: adsense.clicks };
  const rev = (a.i / 1000) * 1.5 * (1 + (a.c / a.i) * 10);
  const money = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  });
  await expect(rows.nth(0).locator('td').nth(3)).toHaveText(money.format(rev));
  // Fill rate from real requests: impressions ÷ requests, not the default.
  await expect(total(page, 'fill')).not.toContainText('default');
  console.log(
    `[dashboard] hourly: ${imp} impressions, ${clk} clicks, adsense revenue ${money.format(rev)}, fill ${await total(page, 'fill').textContent()}`,
  );

  for (const [range, expected] of [
    ['Daily', imp + 100],
    ['Weekly', imp + 100],
    ['Monthly', imp + 100],
    ['Hourly', imp],
  ] as const) {
    await page.getByRole('button', { name: range }).click();
    await expect(total(page, 'impressions')).toHaveText(fmt(expected));
    await expect(total(page, 'clicks')).toHaveText(fmt(range === 'Hourly' ? clk : clk + 5));
    console.log(
      `[dashboard] ${range}: impressions ${await total(page, 'impressions').textContent()}, revenue ${await total(page, 'revenue').textContent()}`,
    );
  }

  // Chart (uPlot canvas with an accessible name) and its table fallback.
  await page.getByRole('button', { name: 'Daily' }).click();
  const chart = page.getByRole('img', { name: /Line chart of impressions and clicks, Daily/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator('canvas')).toHaveCount(1);
  await expect(page.getByText('The chart could not be drawn')).toHaveCount(0);
  await page.getByText('Chart data as a table').click();
  const dataRows = page.locator('[data-chart-table] tbody tr');
  await expect(dataRows).toHaveCount(7);
  await expect(dataRows.nth(6).locator('td').first()).toHaveText(fmt(imp));
  await expect(dataRows.nth(3).locator('td').first()).toHaveText('100');

  // Server figures (API mode) beside the local ones.
  await expect(page.locator('[data-server-figures="ok"]')).toBeVisible();
  await expect(page.locator('[data-server-table] [data-server-platform="adsense"]')).toBeVisible();

  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/screens/admin-dashboard-1280.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: 'test-results/screens/admin-dashboard-375.png', fullPage: true });
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 1000 });

  // Forced platform: saved under ad_force_platform; auto clears it.
  const select = page.getByLabel('Platform for every ad decision');
  await select.selectOption('adsterra');
  expect(await page.evaluate(() => localStorage.getItem('ad_force_platform'))).toBe('adsterra');
  await page.reload();
  await expect(page.getByLabel('Platform for every ad decision')).toHaveValue('adsterra');
  await page.getByLabel('Platform for every ad decision').selectOption('');
  expect(await page.evaluate(() => localStorage.getItem('ad_force_platform'))).toBeNull();

  // Reset asks first; Cancel keeps, Yes clears.
  await page.getByRole('button', { name: 'Reset local metrics' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(total(page, 'impressions')).not.toHaveText('0');
  await page.getByRole('button', { name: 'Reset local metrics' }).click();
  await expect(page.getByText('Delete every ad figure stored in this browser?')).toBeVisible();
  await page.getByRole('button', { name: 'Yes, reset' }).click();
  await expect(page.getByText('Local metrics were reset.')).toBeVisible();
  await expect(total(page, 'impressions')).toHaveText('0');
  expect(await page.evaluate(() => localStorage.getItem('ad_metrics'))).toBeNull();
});

test('API mode: ad events reach the reference server (batched, then on pagehide) and /ads/performance reflects them', async ({
  page,
  request,
}) => {
  const before = (await (await request.get(`${API_ORIGIN}/api/ads/performance`)).json()).data as Record<
    string,
    { impressions: number; clicks: number; requests: number }
  >;
  const posted: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/ads/events')) posted.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await page.goto('/coupons');
  const top = page.locator('[data-ad-page-slot="top"] [data-mock-ad]');
  await expect(top).toBeVisible();
  await page.waitForTimeout(800); // the mock's impression
  await top.click();
  // Leave: pagehide flushes by beacon.
  await page.goto('/admin/ad-dashboard');
  await expect
    .poll(async () => {
      const now = (await (await request.get(`${API_ORIGIN}/api/ads/performance`)).json()).data;
      const a = now.adsense ?? { impressions: 0, clicks: 0, requests: 0 };
      const b = before.adsense ?? { impressions: 0, clicks: 0, requests: 0 };
      return a.impressions > b.impressions && a.clicks > b.clicks && a.requests > b.requests;
    })
    .toBe(true);
  // (Beacons sent on pagehide are not attributed to the page, so this lists the timed flushes only.)
  console.log(`[events] requests seen from the page: ${[...new Set(posted)].join(', ') || 'none (beacon)'}`);
  // No event is counted twice: ids are unique among what the server received.
  const state = await (await request.get(`${API_ORIGIN}/__state`)).json();
  const ids = (state.adEvents as { id?: string }[]).map((e) => e.id).filter(Boolean);
  expect(new Set(ids).size).toBe(ids.length);
});
