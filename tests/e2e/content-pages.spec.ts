/**
 * The content pages of SPEC §2 in every language: real content with its own heading and
 * title, no "coming soon" placeholder, no unfilled {token}, the affiliate disclosure linked
 * from the footer and next to offers, and the SEO tags every page carries.
 */
import { expect, test } from '@playwright/test';
import { FIREFOX_LIMITS } from './firefox-limits.ts';

const PAGES = [
  'about',
  'contact',
  'privacy',
  'terms',
  'cookie-policy',
  'affiliate-disclosure',
  'help',
  'careers',
  'how-to-use',
  'browser-extension',
  'blog',
] as const;

const HEADINGS: Record<string, string[]> = {
  en: [
    'About Us',
    'Contact Us',
    'Privacy Policy',
    'Terms of Service',
    'Cookie Policy',
    'Affiliate Disclosure',
    'Help Center',
    'Careers',
    'How to Use Coupons',
    'Browser Extension',
    'Blog',
  ],
  es: [
    'Quiénes somos',
    'Contacto',
    'Política de privacidad',
    'Condiciones de uso',
    'Política de cookies',
    'Aviso de afiliación',
    'Centro de ayuda',
    'Trabaja con nosotros',
    'Cómo usar los cupones',
    'Extensión para el navegador',
    'Blog',
  ],
  fr: [
    'À propos',
    'Nous contacter',
    'Politique de confidentialité',
    'Conditions d’utilisation',
    'Politique de cookies',
    'Liens d’affiliation',
    'Centre d’aide',
    'Rejoignez-nous',
    'Comment utiliser un code promo',
    'Extension de navigateur',
    'Blog',
  ],
  de: [
    'Über uns',
    'Kontakt',
    'Datenschutzerklärung',
    'Nutzungsbedingungen',
    'Cookie-Richtlinie',
    'Hinweis zu Affiliate-Links',
    'Hilfe-Center',
    'Karriere',
    'So löst du Gutscheincodes ein',
    'Browser-Erweiterung',
    'Blog',
  ],
};
/** The old placeholder's heading in every language (common.json placeholder.heading). */
const PLACEHOLDER =
  /coming soon|muy pronto|bientôt disponible|demnächst verfügbar|we're putting the finishing touches/i;
const prefix = (lang: string) => (lang === 'en' ? '' : `/${lang}`);

for (const [lang, headings] of Object.entries(HEADINGS)) {
  for (const [i, slug] of PAGES.entries()) {
    test.describe(() => {
      test.skip(({ browserName }) => browserName === 'firefox', FIREFOX_LIMITS.sameInEveryEngine);
      test(`${lang} /${slug}: its own heading and title, real content, SEO tags`, async ({ page }) => {
        const url = `${prefix(lang)}/${slug}`;
        const response = await page.goto(url);
        expect(response?.status(), url).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.locator('h1'), url).toHaveText(headings[i]!);
        const title = await page.title();
        expect(title, url).toBe(`${headings[i]} | CouponSaver`);
        const main = (await page.locator('main').allInnerTexts()).join('\n').trim();
        expect(main, url).not.toMatch(PLACEHOLDER);
        expect(main, `${url} has an unfilled {token}`).not.toMatch(/\{[a-zA-Z]+\}|%7B/);
        expect(main.length, `${url} has real content`).toBeGreaterThan(600);
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
          'href',
          `https://couponsaver.example${prefix(lang)}/${slug}`,
        );
        await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(5);
        await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
        await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
        const description = await page.locator('meta[name="description"]').getAttribute('content');
        expect(description?.length, url).toBeGreaterThan(50);
        expect(description, url).not.toMatch(/\{[a-zA-Z]+\}/);
      });
    });
  }

  test(`${lang}: no two content pages share a heading, title or description`, async ({ request }) => {
    const seen = { h1: new Set<string>(), title: new Set<string>(), description: new Set<string>() };
    for (const slug of PAGES) {
      const html = await (await request.get(`${prefix(lang)}/${slug}`)).text();
      seen.h1.add(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '');
      seen.title.add(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '');
      seen.description.add(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '');
    }
    expect(seen.h1.size).toBe(PAGES.length);
    expect(seen.title.size).toBe(PAGES.length);
    expect(seen.description.size).toBe(PAGES.length);
  });
}

test('the content pages are in the sitemap, in every language', async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  for (const lang of Object.keys(HEADINGS))
    for (const slug of [...PAGES, 'blog/how-we-test-codes', 'blog/topic/saving-tips'])
      expect(xml, `${lang} ${slug}`).toContain(`<loc>https://couponsaver.example${prefix(lang)}/${slug}</loc>`);
});

test('the legal pages show their last update and a table of contents that works', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.locator('[data-updated]')).toHaveText('Last updated: November 20, 2026');
  const toc = page.getByRole('navigation', { name: 'On this page' });
  await toc.getByRole('link', { name: /Children.s privacy/ }).click();
  await expect(page).toHaveURL(/#childrens-privacy$/);
  await expect(page.getByRole('heading', { name: /Children.s privacy/ })).toBeInViewport();
  await page.goto('/de/privacy');
  await expect(page.locator('[data-updated]')).toHaveText('Zuletzt aktualisiert: 20. November 2026');
});

test('the affiliate disclosure is linked from the footer and next to the offers', async ({ page }) => {
  test.setTimeout(60_000); // seven pages, some with islands
  await page.goto('/about');
  await page.locator('footer').getByRole('link', { name: 'Affiliate Disclosure' }).click();
  await expect(page).toHaveURL(/\/affiliate-disclosure$/);
  await expect(page.locator('main')).toContainText('how we source codes');
  for (const url of ['/', '/coupons', '/deals', '/search', '/brands/nova-tech', '/categories/electronics']) {
    await page.goto(url);
    const note = page.locator('[data-affiliate-note]');
    await expect(note, url).toHaveCount(1);
    await expect(note, url).toContainText('We may earn a commission');
    await expect(note.getByRole('link', { name: 'How we earn' }), url).toHaveAttribute('href', '/affiliate-disclosure');
  }
  await page.goto('/fr/deals');
  await expect(page.locator('[data-affiliate-note] a')).toHaveAttribute('href', '/fr/affiliate-disclosure');
});

test.describe(() => {
  test.skip(({ browserName }) => browserName === 'firefox', FIREFOX_LIMITS.sameInEveryEngine);
  test('the privacy policy names the data kept, the ad networks of the config, children and rights', async ({
    page,
  }) => {
    await page.goto('/privacy');
    const main = page.locator('main');
    for (const key of ['consent', 'preferred_language', 'ad_metrics', 'ad_force_platform', 'auth_token'])
      await expect(main.locator(`[data-storage-key="${key}"]`)).toHaveCount(1);
    await expect(main.locator('[data-partners="ads"] [data-partner]')).toHaveText([
      /^\s*Google AdSense: /,
      /^\s*Adsterra: /,
    ]);
    await expect(main.locator('[data-partners="analytics"]')).toContainText('uses no analytics service');
    await expect(main).toContainText('not directed at children under 13');
    await expect(main.getByRole('heading', { name: 'Your rights' })).toBeVisible();
    await expect(main.locator('[data-contact-details]')).toContainText('support@couponsaver.example');
    // Static-data mode: the contact form hands the message to the e-mail app, nothing reaches our servers.
    await expect(main).toContainText('The contact form sends nothing to our servers');
  });
});

test('how-to-use has numbered steps with responsive screenshots of the site', async ({ page }) => {
  await page.goto('/how-to-use');
  const steps = page.locator('[data-steps] > li');
  await expect(steps).toHaveCount(4);
  await expect(steps.first()).toContainText('1');
  const images = page.locator('[data-steps] img');
  await expect(images).toHaveCount(3);
  for (const img of await images.all()) {
    await expect(img).toHaveAttribute('width', /\d+/);
    await expect(img).toHaveAttribute('height', /\d+/);
    await expect(img).toHaveAttribute('alt', /.{10,}/);
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  }
  await expect(page.locator('[data-steps] picture source[type="image/avif"]')).toHaveCount(3);
});

test('the browser extension page says it is not available yet and offers the newsletter', async ({ page }) => {
  await page.goto('/browser-extension');
  await expect(page.locator('main')).toContainText('Our browser extension is not available yet.');
  await expect(page.locator('[data-steps] > li')).toHaveCount(3);
  await expect(page.getByRole('textbox', { name: 'Email address' })).toBeVisible();
  await page.goto('/es/browser-extension');
  await expect(page.locator('main')).toContainText('todavía no está disponible');
});
