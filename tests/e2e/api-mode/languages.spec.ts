/**
 * API mode in the shopper's language (issue 24, docs/operators.md "API contract: languages"): a
 * Spanish page asks the API in Spanish (`lang=es` and `Accept-Language: es`, allowed by the
 * reference API's CORS in a real browser), and shows the Spanish text the API answers.
 */
import { expect, test } from '@playwright/test';
import { type RunningApiServer, startApiServer } from '../../../scripts/lib/api-server/server.ts';
import { languagesCatalog } from '../../fixtures/catalogs/languages.ts';
import { API_ORIGIN, answerFrom } from '../shopper-helpers.ts';

test('a Spanish page asks the API in Spanish: lang=es and Accept-Language: es pass CORS', async ({ page }) => {
  const failed: string[] = [];
  page.on('requestfailed', (r) => {
    if (r.url().startsWith(API_ORIGIN)) failed.push(`${r.url()} ${r.failure()?.errorText}`);
  });
  page.on('console', (m) => {
    if (/CORS|Access-Control/i.test(m.text())) failed.push(m.text());
  });
  const searched = page.waitForRequest((r) => r.url().startsWith(`${API_ORIGIN}/api/search?`));
  await page.goto('/es/search?q=off');
  const request = await searched;
  expect(new URL(request.url()).searchParams.get('lang')).toBe('es');
  expect((await request.allHeaders())['accept-language']).toBe('es');
  expect((await request.response())?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: /off/ })).toBeVisible({ timeout: 15_000 });
  expect(failed).toEqual([]);
});

test.describe('over a catalog in several languages', () => {
  // A second reference API over the localized fixture catalog; the page's API calls go to it.
  let api: RunningApiServer;
  test.beforeAll(async () => {
    api = await startApiServer({ port: 0, catalog: languagesCatalog() });
  });
  test.afterAll(() => api.close());

  test('/es/search finds a coupon by a word only in its Spanish text and shows the Spanish offer', async ({ page }) => {
    const asked: string[] = [];
    await page.route(`${API_ORIGIN}/api/**`, async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      const lang = `${url.searchParams.get('lang')} ${(await request.allHeaders())['accept-language']}`;
      asked.push(`${request.method()} ${url.pathname} ${lang}`);
      await answerFrom(route, request.url().replace(API_ORIGIN, api.url));
    });
    await page.goto('/es/search?q=cobre');
    const results = page.locator('main');
    await expect(results.getByText('15 % de descuento en sartenes de cobre').first()).toBeVisible({ timeout: 15_000 });
    await expect(results.getByText('En todas las sartenes de cobre, sin pedido mínimo.').first()).toBeVisible();
    await expect(results.getByText('15% off copper pans')).toHaveCount(0);
    // Every catalog read asked in Spanish (the POSTs are ad events, not catalog reads; the batched
    // code-health read of issue 40, GET /api/health, carries counts, no text, so no language).
    const reads = asked.filter((a) => a.startsWith('GET ') && !a.startsWith('GET /api/health '));
    expect(reads).toContain('GET /api/search es es');
    expect(reads.filter((a) => !a.endsWith(' es es'))).toEqual([]);
  });
});
