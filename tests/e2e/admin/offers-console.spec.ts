/**
 * The operator console (/admin/offers, issue 40 part 4) on the default site, which is static: no
 * server to log in to, so the page says so honestly, asks no /api/admin, offers no password field,
 * and shows the `npm run offers` commands for this site's overrides file, in English and Spanish.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, waitForIslands } from '../shopper-helpers.ts';

test('a static site has no console: it says so and gives the offers commands (en, es), asking no /api/admin', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/admin')) asked.push(r.url());
  });
  await page.goto('/admin/offers');
  await waitForIslands(page);
  await expect(page.getByRole('heading', { name: 'This site has no console' })).toBeVisible();
  await expect(page.getByText('This site is static: there is no server here to log in to')).toBeVisible();
  await expect(page.getByText('Changes go into catalogs/default.overrides.json')).toBeVisible();
  const commands = page.locator('[data-console-commands]');
  await expect(commands).toContainText('npm run offers -- hide <id> --site default');
  await expect(commands).toContainText('npm run offers -- block <brand-id> --site default');
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expectNoSeriousA11yViolations(page);
  // On a phone the commands wrap inside the card: the page does not scroll sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.goto('/es/admin/offers');
  await waitForIslands(page);
  await expect(page.getByRole('heading', { name: 'Este sitio no tiene consola' })).toBeVisible();
  await expect(page.locator('[data-console-commands]')).toContainText('npm run offers -- hide <id> --site default');
  expect(asked).toEqual([]);
});

test('without JavaScript the pre-rendered page already carries the instructions', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${test.info().project.use.baseURL}/admin/offers`);
  await expect(page.getByRole('heading', { name: 'This site has no console' })).toBeVisible();
  await expect(page.locator('[data-console-commands]')).toContainText('--site default');
  await context.close();
});
