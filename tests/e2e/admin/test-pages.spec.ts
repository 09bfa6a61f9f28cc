/**
 * The ad test pages (/test/modal-ad, /test/adsterra) and the dashboard gate of a site without a
 * password, on the default site served from 127.0.0.1 (a local host: mock ads), consent accepted.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, waitForIslands, waitForPageSettled } from '../shopper-helpers.ts';

test('dashboard without admin.passwordSha256: says it is not set up, with no password field to fail', async ({
  page,
}) => {
  await page.goto('/admin/ad-dashboard');
  await waitForIslands(page);
  await expect(page.getByRole('heading', { name: 'The ad dashboard is not set up' })).toBeVisible();
  await expect(page.getByText('No admin password is configured for this site.', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Unlock' })).toHaveCount(0);
  await expect(page.getByText('Invalid password')).toHaveCount(0);
  await expect(page.locator('[data-platform-table]')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `test-results/screens/admin-not-set-up-${width}.png` });
  }
  await page.goto('/de/admin/ad-dashboard');
  await expect(page.getByRole('heading', { name: 'Das Werbe-Dashboard ist nicht eingerichtet' })).toBeVisible();
});

test('the admin and test pages are noindex and not in the sitemap; other pages load no dashboard code', async ({
  page,
  request,
}) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const path of ['/admin/ad-dashboard', '/test/modal-ad', '/test/adsterra']) {
    await page.goto(path);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(sitemap).not.toContain(path);
  }
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/coupons');
  await waitForIslands(page);
  expect(scripts.filter((s) => /AdDashboard|uPlot|uplot|ModalAdTest|AdsterraTest/i.test(s))).toEqual([]);
});

test('/test/modal-ad: the four scenarios open the real code modal; each run shows its measured times (printed)', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/test/modal-ad');
  await waitForIslands(page);
  // As on a listing page, the first click comes after the page's first idle moment, when the ad
  // runtime loads (waitForPageSettled: not Playwright-BiDi's networkidle, which can hang in Firefox).
  await waitForPageSettled(page);
  const scenarios = ['top70', 'top50', 'top90', 'none'] as const;
  const measured: string[] = [];
  const totals: number[] = [];
  for (const id of [...scenarios, 'top70', 'none', 'top70', 'none'] as const) {
    await page.locator(`[data-scenario="${id}"]`).click();
    const modal = page.getByTestId('code-modal');
    await expect(modal).toBeVisible();
    await expect(modal.locator('[data-coupon-code]')).toBeVisible();
    const run = page.locator('[data-runs] tbody tr').first();
    await expect(run).toHaveAttribute('data-run-scenario', id);
    await expect(run).not.toHaveAttribute('data-usable-ms', '');
    if (id === 'none') {
      await expect(modal.locator('[data-mock-ad]')).toHaveCount(0);
    } else {
      await expect(modal.locator('[data-mock-ad]')).toBeVisible();
      await expect(run).not.toHaveAttribute('data-ad-ms', '');
    }
    const adMs = await run.getAttribute('data-ad-ms');
    const usableMs = Number(await run.getAttribute('data-usable-ms'));
    const totalMs = id === 'none' ? usableMs : Math.max(usableMs, Number(adMs));
    measured.push(`${id}: click→ad ${adMs || 'n/a'} ms, click→usable ${usableMs} ms, total ${totalMs} ms`);
    totals.push(totalMs);
    // The page's verdict follows its own measurement against the 1000 ms target.
    await expect(run.locator('[data-result]')).toHaveText(totalMs < 1000 ? 'Yes' : 'No');
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();
  }
  console.log(`[modal-ad ${info.project.name}]\n  ${measured.join('\n  ')}`);
  // The product target (SPEC §2): the whole modal under 1000 ms — for the median run (one slow
  // run on a busy machine is printed above, not failed on).
  const median = [...totals].sort((a, b) => a - b)[Math.floor(totals.length / 2)] as number;
  expect(median).toBeLessThan(1000);
  await expect(page.locator('[data-runs] tbody tr')).toHaveCount(8);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/screens/test-modal-ad-1280.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.locator('[data-scenario="top70"]').click();
  await expect(page.getByTestId('code-modal')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/screens/test-modal-ad-375.png' });
});

test('/test/adsterra: the five types with state and load error, type filter, redirect/popunder only on a button', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const adsterraRequests: string[] = [];
  page.on('request', (r) => {
    if (/highperformanceformat|adsterra/i.test(new URL(r.url()).host)) adsterraRequests.push(r.url());
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/test/adsterra');
  await waitForIslands(page);
  const card = (type: string) => page.locator(`[data-adsterra-type="${type}"]`);
  await expect(page.locator('[data-adsterra-type]')).toHaveCount(5);
  // native and banner: real slots (mock ads on this local host) → loaded.
  await expect(card('banner')).toHaveAttribute('data-state', 'loaded');
  await expect(card('banner').locator('[data-mock-ad]')).toBeVisible();
  await expect(card('native')).toHaveAttribute('data-state', 'loaded');
  // The default site has no script, redirect or popunder unit: "Not configured" (not a red
  // failure: nothing was tried), with the reason.
  for (const type of ['script', 'redirect', 'popunder']) {
    await expect(card(type)).toHaveAttribute('data-state', 'unconfigured');
    await expect(card(type).getByRole('status')).toHaveText(
      `State: Not configured · No ${type} unit in this site's configuration`,
    );
    await expect(card(type).locator('[data-load-error]')).toHaveCount(0);
    await expect(card(type).getByText('Failed')).toHaveCount(0);
  }
  await expect(card('redirect').getByRole('button', { name: 'Run the Redirect ad now' })).toBeDisabled();
  await expect(card('popunder').getByRole('button', { name: 'Run the Popunder ad now' })).toBeDisabled();
  expect(adsterraRequests).toEqual([]);

  await page.getByRole('button', { name: 'Banner', exact: true }).click();
  await expect(page.locator('[data-adsterra-type]')).toHaveCount(1);
  await expect(card('banner')).toHaveAttribute('data-state', 'loaded');
  await page.getByRole('button', { name: 'Popunder', exact: true }).click();
  await expect(page.locator('[data-adsterra-type]')).toHaveCount(1);
  await expect(card('popunder')).toBeVisible();
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(page.locator('[data-adsterra-type]')).toHaveCount(5);

  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/screens/test-adsterra-1280.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/screens/test-adsterra-375.png', fullPage: true });
});
