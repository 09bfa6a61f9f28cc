/** Help Center (search as you type, category chips, no-JS list, FAQPage JSON-LD) and Careers (mailto apply links). */
import { expect, test } from '@playwright/test';
import { FIREFOX_LIMITS } from './firefox-limits.ts';
import { expectNoSeriousA11yViolations } from './shopper-helpers.ts';

const visibleQuestions = (page: import('@playwright/test').Page) =>
  page.locator('[data-faq-entry]:visible [data-question]');

test('help: ten questions in the five SPEC categories, filtered as you type', async ({ page }) => {
  await page.goto('/help');
  await expect(visibleQuestions(page)).toHaveCount(10);
  await expect(page.locator('[data-faq-section] h2')).toHaveText([
    'Using Coupons',
    'Deals & Discounts',
    'Account & Preferences',
    'Technical Issues',
    'Business & Partnerships',
  ]);
  const search = page.getByRole('searchbox', { name: 'Search the Help Center' });
  await search.pressSequentially('clipb');
  await expect(visibleQuestions(page)).toHaveText(["The copy button doesn't copy the code. What can I do?"]);
  await expect(page.locator('#faq-copy-fails')).toHaveAttribute('open', '');
  await expect(page.locator('[data-help-status]')).toHaveText('1 question matches.');
  await expect(page.locator('[data-faq-section]:visible h2')).toHaveText(['Technical Issues']);
  await search.fill('zzzz');
  await expect(visibleQuestions(page)).toHaveCount(0);
  await expect(page.locator('[data-help-empty]')).toBeVisible();
  await expect(page.locator('[data-help-status]')).toHaveText(
    'No question matches your search. Try other words, or contact us.',
  );
  await search.fill('');
  await expect(visibleQuestions(page)).toHaveCount(10);
  await expect(page.locator('#faq-copy-fails')).not.toHaveAttribute('open', '');
});

test('help: category chips filter, and combine with the search', async ({ page }) => {
  await page.goto('/help');
  const chips = page.getByRole('group', { name: 'Filter by topic' });
  // The very first interaction is a chip press: it still applies.
  await chips.getByRole('button', { name: 'Deals & Discounts' }).click();
  await expect(chips.getByRole('button', { name: 'Deals & Discounts' })).toHaveAttribute('aria-pressed', 'true');
  await expect(chips.getByRole('button', { name: 'All topics' })).toHaveAttribute('aria-pressed', 'false');
  await expect(visibleQuestions(page)).toHaveCount(2);
  await expect(page.locator('[data-help-status]')).toHaveText('2 questions match.');
  await chips.getByRole('button', { name: 'Using Coupons' }).click();
  await page.getByRole('searchbox', { name: 'Search the Help Center' }).fill('checkout');
  await expect(visibleQuestions(page)).toHaveText([
    'How do I use a promo code?',
    'Why was my code rejected at checkout?',
  ]);
  await chips.getByRole('button', { name: 'All topics' }).click();
  await expect(visibleQuestions(page)).toHaveCount(4);
  await expect(page.locator('[data-help-status]')).toHaveText('4 questions match.');
  await expectNoSeriousA11yViolations(page);
});

test('help: accents and case do not matter (es)', async ({ page }) => {
  await page.goto('/es/help');
  await page.getByRole('searchbox', { name: 'Busca en el centro de ayuda' }).fill('CODIGO PROMOCIONAL');
  await expect(visibleQuestions(page).first()).toHaveText('¿Cómo uso un código promocional?');
});

test('help: without JavaScript every answer is a plain details/summary list', async ({ browser, browserName }) => {
  test.skip(browserName === 'firefox', FIREFOX_LIMITS.noJavaScriptOff);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/fr/help');
  await expect(page.locator('details[data-faq-entry]')).toHaveCount(10);
  await expect(page.getByRole('searchbox', { name: 'Rechercher dans le centre d’aide' })).toBeHidden();
  await page.locator('summary', { hasText: 'Dois-je créer un compte' }).click();
  await expect(page.getByText('fonctionne sans inscription')).toBeVisible();
  await context.close();
});

test('help: FAQPage JSON-LD with the ten questions, tokens filled', async ({ page }) => {
  await page.goto('/de/help');
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const faq = blocks.map((b) => JSON.parse(b)).find((b) => b['@type'] === 'FAQPage');
  expect(faq.mainEntity).toHaveLength(10);
  expect(faq.mainEntity[8].name).toBe('Wie kommt mein Shop auf CouponSaver?');
  expect(faq.mainEntity[8].acceptedAnswer.text).toContain('partners@couponsaver.example');
  expect(JSON.stringify(faq)).not.toMatch(/\{[a-zA-Z]+\}|\]\(/);
});

test.describe(() => {
  test.skip(({ browserName }) => browserName === 'firefox', FIREFOX_LIMITS.sameInEveryEngine);
  test('careers: four positions with mailto apply links to the careers address', async ({ page }) => {
    await page.goto('/careers');
    const positions = page.locator('[data-position]');
    await expect(positions).toHaveCount(4);
    await expect(positions.locator('p.uppercase')).toHaveText(['Engineering', 'Marketing', 'Analytics', 'Support']);
    for (const p of await positions.all()) {
      const title = ((await p.getByRole('heading', { level: 3 }).textContent()) ?? '').trim();
      const apply = p.getByRole('link', { name: `Apply by email: ${title}` });
      const href = (await apply.getAttribute('href')) ?? '';
      expect(href.startsWith('mailto:careers@couponsaver.example?subject=')).toBe(true);
      expect(new URL(href).searchParams.get('subject')).toBe(`Application: ${title} (CouponSaver)`);
    }
    await page.goto('/de/careers');
    await expect(page.locator('[data-position] h3').first()).toHaveText('Senior Frontend Engineer (m/w/d)');
    await expect(page.locator('[data-apply]').first()).toHaveAttribute(
      'href',
      /subject=Bewerbung%3A%20Senior%20Frontend/,
    );
  });
});
