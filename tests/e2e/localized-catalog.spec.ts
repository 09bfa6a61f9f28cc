/**
 * Issue 24: offers in the shopper's language. On the default site (the built-in sample, which
 * speaks en, es, fr and de), an es/fr/de shopper reads no English catalog text on the home,
 * listing, brand, category and search pages, except texts marked as fallbacks (`lang="en"`);
 * page titles are localized; search finds a word that only the page language's text has.
 */
import { expect, type Page, test } from '@playwright/test';
import { localizeCatalog } from '../../src/catalog/localize-catalog.ts';
import type { CatalogLanguage } from '../../src/catalog/localized.ts';
import { foldText } from '../../src/catalog/localized.ts';
import { createSampleCatalog } from '../../src/catalog/sample.ts';
import { FIREFOX_LIMITS } from './firefox-limits.ts';
import { waitForIslands } from './shopper-helpers.ts';

const sample = createSampleCatalog(new Date());
const inLang = (lang: CatalogLanguage) => localizeCatalog(sample, { lang, defaultLang: 'en' }).catalog;
const en = inLang('en');

/** The English catalog texts that a `lang` page should not show unmarked (texts equal in both are neutral). */
function englishOnly(lang: CatalogLanguage): string[] {
  const other = inLang(lang);
  const pairs: [string, string][] = [
    ...en.categories.flatMap((c, i): [string, string][] => [
      [c.name, other.categories[i]!.name],
      [c.description, other.categories[i]!.description],
    ]),
    ...en.brands.map((b, i): [string, string] => [b.description, other.brands[i]!.description]),
    ...en.coupons.flatMap((c, i): [string, string][] => [
      [c.name, other.coupons[i]!.name],
      [c.description, other.coupons[i]!.description],
    ]),
    ...en.deals.flatMap((d, i): [string, string][] => [
      [d.title, other.deals[i]!.title],
      [d.description, other.deals[i]!.description],
    ]),
  ];
  return [...new Set(pairs.filter(([a, b]) => a.trim().length >= 4 && a !== b).map(([a]) => a.trim()))];
}

/** Every text node of <main> with the language it is marked in (closest [lang]). */
async function textsWithLang(page: Page): Promise<{ text: string; lang: string }[]> {
  return page.evaluate(() => {
    const out: { text: string; lang: string }[] = [];
    const main = document.querySelector('main') ?? document.body;
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      const el = n.parentElement;
      if (!text || !el || el.closest('script,style,template')) continue;
      out.push({ text, lang: el.closest('[lang]')?.getAttribute('lang') ?? '' });
    }
    return out;
  });
}

const brandSlug = en.brands.find((b) => b.totalCoupons > 0)!.slug;
const categorySlug = en.categories[0]!.slug;

for (const lang of ['es', 'fr', 'de'] as const) {
  test.describe(`catalog text in ${lang}`, () => {
    const english = englishOnly(lang);
    const pages = [
      `/${lang}`,
      `/${lang}/coupons`,
      `/${lang}/deals`,
      `/${lang}/brands/${brandSlug}`,
      `/${lang}/categories/${categorySlug}`,
      `/${lang}/categories`,
      `/${lang}/search?q=${encodeURIComponent(en.brands[0]!.name)}`,
    ];
    for (const path of pages) {
      test.describe(() => {
        test.skip(({ browserName }) => browserName === 'firefox', FIREFOX_LIMITS.sameInEveryEngine);
        test(`${path}: no English catalog text unless marked lang="en"`, async ({ page }) => {
          await page.goto(path);
          // Islands that hydrate when visible: bring each into view first, once Astro's island
          // runtime is there (on large pages a file started after the first paint).
          await page.evaluate(() =>
            document.querySelector('astro-island[client="visible"]')
              ? customElements.whenDefined('astro-island')
              : null,
          );
          for (const island of await page.locator('astro-island[client="visible"]').all())
            await island.locator(':scope > *').first().scrollIntoViewIfNeeded();
          await waitForIslands(page);
          const texts = await textsWithLang(page);
          expect(texts.length).toBeGreaterThan(10);
          const unmarked = texts.filter(
            (t) => t.lang !== 'en' && english.some((e) => t.text === e || (e.length >= 12 && t.text.includes(e))),
          );
          expect(unmarked.map((t) => t.text)).toEqual([]);
          // The sample speaks every language: nothing falls back at all.
          expect(texts.filter((t) => t.lang === 'en').map((t) => t.text)).toEqual([]);
        });
      });
    }

    test(`page titles and headings are in ${lang}`, async ({ page }) => {
      const category = inLang(lang).categories[0]!;
      await page.goto(`/${lang}/categories/${categorySlug}`);
      await expect(page).toHaveTitle(new RegExp(`^${category.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.name);
      expect(category.name).not.toBe(en.categories[0]!.name);
    });

    test(`search on /${lang}/search finds an offer by a word only its ${lang} text has (accents folded)`, async ({
      page,
    }) => {
      const local = inLang(lang);
      const englishWords = new Set(
        en.coupons.flatMap((c) => foldText(`${c.name} ${c.description}`).split(/[^\p{L}\p{N}]+/u)),
      );
      // A coupon name word of 5+ letters that no English coupon text has, preferably one with an accent.
      const candidates = local.coupons.flatMap((c) =>
        c.name
          .split(/[^\p{L}\p{N}]+/u)
          .filter((w) => w.length >= 5 && !englishWords.has(foldText(w)))
          .map((w) => ({ w, c })),
      );
      // The rarest such word (an accented one first), so the offer is on the first page of results.
      const uses = (w: string) => local.coupons.filter((c) => foldText(c.name).includes(foldText(w))).length;
      const sorted = [...candidates].sort(
        (a, b) =>
          Number(foldText(b.w) !== b.w.toLowerCase()) - Number(foldText(a.w) !== a.w.toLowerCase()) ||
          uses(a.w) - uses(b.w),
      );
      const pick = sorted[0];
      expect(pick, 'the sample has a word only in this language').toBeDefined();
      const query = foldText(pick!.w);
      await page.goto(`/${lang}/search?q=${encodeURIComponent(query)}`);
      await waitForIslands(page);
      await expect(page.locator('main h3', { hasText: pick!.w }).first()).toBeVisible();
      // The same word finds none of these offers on the English search page.
      await page.goto(`/search?q=${encodeURIComponent(query)}`);
      await waitForIslands(page);
      await expect(page.locator('main h3', { hasText: pick!.w })).toHaveCount(0);
    });
  });
}
