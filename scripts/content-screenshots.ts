/**
 * Takes the illustrations of the how-to and browser-extension pages from the built site
 * itself, in every language: the header search with suggestions, the coupon list, and an
 * open code window. Writes src/assets/how-to/<lang>/<name>.webp (Astro then makes the
 * responsive AVIF/WebP variants). Run after a build when the screens change:
 *   node scripts/content-screenshots.ts [--site default]
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
import { loadSiteConfig } from '../src/config/load-file.ts';
import { localizePath } from '../src/i18n/paths.ts';
import { CHROMIUM_ARGS, findChromium } from './lib/browser/chromium.ts';
import { startStaticServer } from './lib/serve/static-server.ts';

const ROOT = resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { site: { type: 'string', default: 'default' } } });
const config = loadSiteConfig(values.site);
const server = await startStaticServer({ dir: join(ROOT, 'dist', values.site) });
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });

/** Search terms that give suggestions in the sample catalog. */
const QUERY = 'nova';
const WIDTH = 1120;

async function save(
  page: Page,
  lang: string,
  name: string,
  clip: { x: number; y: number; width: number; height: number },
) {
  const png = await page.screenshot({ clip });
  const dir = join(ROOT, 'src/assets/how-to', lang);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.webp`);
  await sharp(png).webp({ quality: 86 }).toFile(file);
  console.log(`${file.replace(`${ROOT}/`, '')} (${clip.width}×${clip.height})`);
}

try {
  for (const lang of config.site.supportedLanguages) {
    const context = await browser.newContext({ viewport: { width: WIDTH, height: 820 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    // The code window's ad goes to the top with probability 0.7: keep it below the code.
    await page.addInitScript(() => {
      Math.random = () => 0.99;
    });
    const url = server.url + localizePath('/coupons', lang, config.site.defaultLanguage);

    // 1. Search with suggestions.
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.locator('header input[type="search"]:visible').first().click();
    const search = page.locator('header input[aria-autocomplete="list"]:visible').first();
    await search.pressSequentially(QUERY, { delay: 40 });
    await page.locator('header [role="listbox"]:visible').first().waitFor();
    await page.waitForTimeout(300);
    const header = (await page.locator('header').first().boundingBox())!;
    const list = (await page.locator('header [role="listbox"]:visible').first().boundingBox())!;
    const right = Math.min(WIDTH, Math.ceil(list.x + list.width + 24));
    await save(page, lang, 'search', {
      x: Math.max(0, right - 960),
      y: 0,
      width: 960,
      height: Math.ceil(Math.max(header.height, list.y + list.height) + 24),
    });

    // 2. The coupon list: the first two cards.
    await page.keyboard.press('Escape');
    await page.goto(url, { waitUntil: 'networkidle' });
    const cards = page.locator('article').filter({ has: page.getByRole('button') });
    await cards.first().scrollIntoViewIfNeeded();
    const a = (await cards.nth(0).boundingBox())!;
    const b = (await cards.nth(1).boundingBox())!;
    await save(page, lang, 'find', {
      x: Math.max(0, Math.floor(a.x - 16)),
      y: Math.max(0, Math.floor(a.y - 16)),
      width: Math.ceil(b.x + b.width - a.x + 32),
      height: Math.ceil(Math.max(a.height, b.height) + 32),
    });

    // 3. The code window of the first coupon that has a code (ad placed below it).
    const dialog = page.getByRole('dialog');
    for (let i = 0; ; i++) {
      await cards.nth(i).getByRole('button').last().click();
      await dialog.waitFor();
      if (await dialog.locator('[data-coupon-code]').count()) break;
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
    await page.waitForTimeout(400);
    const d = (await dialog.boundingBox())!;
    const button = (await dialog.getByRole('button').last().boundingBox())!;
    await save(page, lang, 'reveal', {
      x: Math.max(0, Math.floor(d.x - 24)),
      y: Math.max(0, Math.floor(d.y - 24)),
      width: Math.min(WIDTH, Math.ceil(d.width + 48)),
      height: Math.ceil(button.y + button.height - d.y + 72),
    });
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
