/** The blog (SPEC §2 "Blog"): topic chips, Load More, a post page, a topic page and the RSS feed. */
import { expect, test } from '@playwright/test';
import { FIREFOX_LIMITS } from './firefox-limits.ts';

const cards = (page: import('@playwright/test').Page) => page.locator('[data-post]:visible');

test('blog: newest posts first, Load More reveals the rest and then hides', async ({ page }) => {
  await page.goto('/blog');
  await expect(cards(page)).toHaveCount(4);
  await expect(cards(page).first().getByRole('heading')).toHaveText('A Black Friday checklist that beats the hype');
  const more = page.getByRole('button', { name: 'Load more posts' });
  await more.click();
  await expect(cards(page)).toHaveCount(6);
  await expect(more).toBeHidden();
  await expect(page.locator('[data-more-status]')).toHaveText('Showing 6 of 6 posts.');
  await expect(cards(page).nth(4).locator('[data-post-link]')).toBeFocused();
});

test('blog: without JavaScript every post is listed and there is no dead button', async ({ browser, browserName }) => {
  test.skip(browserName === 'firefox', FIREFOX_LIMITS.noJavaScriptOff);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/blog');
  await expect(cards(page)).toHaveCount(6);
  await expect(page.getByRole('button', { name: 'Load more posts' })).toBeHidden();
  await context.close();
});

test('blog: topic chips lead to topic pages that list only that topic', async ({ page }) => {
  await page.goto('/blog');
  const chips = page.getByRole('navigation', { name: 'Blog topics' });
  await expect(chips.getByRole('link', { name: 'All posts (6)' })).toHaveAttribute('aria-current', 'page');
  await chips.getByRole('link', { name: 'Saving tips (2)' }).click();
  await expect(page).toHaveURL(/\/blog\/topic\/saving-tips$/);
  await expect(page.locator('h1')).toHaveText('Saving tips');
  await expect(page).toHaveTitle('Saving tips – Blog | CouponSaver');
  await expect(cards(page)).toHaveCount(2);
  for (const card of await cards(page).all()) await expect(card).toHaveAttribute('data-topic', 'saving-tips');
  await expect(page.getByRole('button', { name: 'Load more posts' })).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Blog topics' }).getByRole('link', { name: 'Saving tips (2)' }),
  ).toHaveAttribute('aria-current', 'page');
  await page.goto('/fr/blog/topic/behind-the-scenes');
  await expect(page.locator('h1')).toHaveText('Coulisses');
  await expect(cards(page)).toHaveCount(1);
});

test('a post: date, reading time, author, text and Article JSON-LD', async ({ page }) => {
  await page.goto('/blog');
  await page.getByRole('link', { name: 'Why a promo code fails at checkout, and how to fix it' }).click();
  await expect(page).toHaveURL(/\/blog\/why-promo-codes-fail$/);
  await expect(page.locator('h1')).toHaveText('Why a promo code fails at checkout, and how to fix it');
  const meta = page.locator('[data-post-meta]');
  await expect(meta.locator('time')).toHaveAttribute('datetime', '2026-09-02');
  await expect(meta.locator('time')).toHaveText('September 2, 2026');
  await expect(meta.locator('[data-reading-time]')).toHaveText(/^\d+ min read$/);
  await expect(meta.locator('[data-author]')).toHaveText('By Daniel Okafor, Support lead');
  await expect(page.getByRole('heading', { level: 2, name: '2. The code is for new customers' })).toBeVisible();
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
  const article = ld.find((b) => b['@type'] === 'BlogPosting');
  expect(article).toMatchObject({
    headline: 'Why a promo code fails at checkout, and how to fix it',
    datePublished: '2026-09-02',
    inLanguage: 'en',
    author: { '@type': 'Person', name: 'Daniel Okafor' },
    publisher: { '@type': 'Organization', name: 'CouponSaver' },
    mainEntityOfPage: { '@id': 'https://couponsaver.example/blog/why-promo-codes-fail' },
  });
  const crumbs = ld.find((b) => b['@type'] === 'BreadcrumbList');
  expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual([
    'Home',
    'Blog',
    'Saving tips',
    'Why a promo code fails at checkout, and how to fix it',
  ]);
  await page
    .getByRole('link', { name: 'tell us', exact: false })
    .or(page.getByRole('link', { name: 'Let us know' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/contact$/);
});

test('a post in German', async ({ page }) => {
  await page.goto('/de/blog/black-friday-checklist');
  await expect(page.locator('h1')).toHaveText('Die Black-Friday-Checkliste, die sich nicht vom Hype treiben lässt');
  await expect(page.locator('[data-post-meta] time')).toHaveText('10. November 2026');
  await expect(page.locator('[data-reading-time]')).toHaveText(/^\d+ Min\. Lesezeit$/);
});

test.describe(() => {
  test.skip(({ browserName }) => browserName === 'firefox', FIREFOX_LIMITS.sameInEveryEngine);
  test('RSS: one feed per language, linked from the blog head', async ({ page, request }) => {
    for (const [lang, path, first] of [
      ['en', '/blog', 'A Black Friday checklist that beats the hype'],
      ['es', '/es/blog', 'Una lista para el Black Friday que no se deja llevar por el bombo'],
    ] as const) {
      await page.goto(path);
      const link = page.locator('link[rel="alternate"][type="application/rss+xml"]');
      const href = await link.getAttribute('href');
      expect(href).toBe(`${path}/rss.xml`);
      const res = await request.get(href!);
      expect(res.ok()).toBe(true);
      const xml = await res.text();
      expect(xml).toMatch(/^<\?xml/);
      expect(xml.match(/<item>/g)).toHaveLength(6);
      expect(xml).toContain(`<language>${lang}</language>`);
      expect(xml).toContain(`<title>${first}</title>`);
      expect(xml).toContain(`<link>https://couponsaver.example${path}/black-friday-checklist</link>`);
    }
  });
});
