/**
 * `npm run smoke:firefox [-- --dir dist/default]`: the main shopper flows of a built site in
 * Debian's Firefox ESR, driven over WebDriver BiDi with puppeteer-core (Playwright's Firefox needs
 * its own patched build, which cannot be downloaded here). The site is served with its `_headers`,
 * so the CSP applies as in production. Each flow runs at 1280 and 375 px; any failed flow or any
 * uncaught page error fails the run. As root on a machine without Firefox, it installs
 * `firefox-esr` with apt-get first.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import puppeteer, { type Page } from 'puppeteer-core';
import { aptInstall, isRoot } from './lib/apt.ts';
import { startStaticServer } from './lib/serve/static-server.ts';

const { values } = parseArgs({ options: { dir: { type: 'string', default: 'dist/default' } } });
const dir = resolve(values.dir);
const firefox = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

function ensureFirefox(): void {
  if (existsSync(firefox)) return;
  if (process.env.FIREFOX_PATH || !isRoot()) {
    console.error(`Firefox is missing at ${firefox}. Install it with: sudo apt-get install -y firefox-esr`);
    process.exit(1);
  }
  console.log('Installing Debian firefox-esr (apt-get)…');
  aptInstall('firefox-esr');
}

if (!existsSync(dir)) {
  console.error(`No build at ${dir}. Run: npm run build -- --site default`);
  process.exit(1);
}
ensureFirefox();

const TIMEOUT = 20_000;
/** Islands that hydrate on load have hydrated (the modal host waits for the first interaction). */
const HYDRATED = () => document.querySelectorAll('astro-island[ssr]:not([client="interaction"])').length === 0;

interface Flow {
  name: string;
  run(page: Page, base: string): Promise<void>;
}

const flows: Flow[] = [
  {
    name: 'home shows offers, and its stylesheet loads after the first paint',
    async run(page, base) {
      await page.goto(`${base}/`);
      await page.waitForFunction(() => document.querySelectorAll('main article').length > 3, { timeout: TIMEOUT });
      // The site stylesheet is started by the page's after-paint loader (scripts/lib/build-sites/after-paint.ts).
      await page.waitForFunction(
        () => [...document.styleSheets].some((s) => s.href !== null && new URL(s.href).pathname.endsWith('.css')),
        { timeout: TIMEOUT },
      );
    },
  },
  {
    name: 'coupons: Get Code opens the dialog with the code; Escape closes it',
    async run(page, base) {
      await page.goto(`${base}/coupons`);
      await page.waitForFunction(HYDRATED, { timeout: TIMEOUT });
      const button = await page.waitForSelector('section[aria-labelledby="all-coupons-title"] article button');
      const label = await button?.evaluate((b) => b.textContent ?? '');
      if (!label?.includes('Get Code')) throw new Error(`the first card's button reads "${label}"`);
      await button?.click();
      const code = await page.waitForSelector('[role=dialog] [data-coupon-code]', { visible: true, timeout: TIMEOUT });
      if (!(await code?.evaluate((e) => e.textContent?.trim()))) throw new Error('the dialog shows no code');
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('[role=dialog]'), { timeout: TIMEOUT });
    },
  },
  {
    name: 'coupons: typing in the filter narrows the list to "No coupons found"',
    async run(page, base) {
      await page.goto(`${base}/coupons`);
      const field = await page.waitForSelector('main input[placeholder^="Search coupons"]');
      await field?.click();
      await page.keyboard.type('zzqxnonsense', { delay: 20 });
      await page.waitForSelector('main ::-p-text(No coupons found)', { visible: true, timeout: TIMEOUT });
      const value = await field?.evaluate((e) => (e as HTMLInputElement).value);
      if (value !== 'zzqxnonsense') throw new Error(`the filter holds "${value}"`);
    },
  },
  {
    name: 'deals: a deal opens its dialog',
    async run(page, base) {
      await page.goto(`${base}/deals`);
      await page.waitForFunction(HYDRATED, { timeout: TIMEOUT });
      const title = await page.waitForSelector('section[aria-labelledby="all-deals-title"] [data-open-deal]');
      await title?.click();
      await page.waitForSelector('[role=dialog]', { visible: true, timeout: TIMEOUT });
      await page.keyboard.press('Escape');
    },
  },
  {
    name: 'search: the results page finds a brand',
    async run(page, base) {
      await page.goto(`${base}/search?q=brickplay`);
      await page.waitForFunction(() => /Brickplay/i.test(document.querySelector('main')?.textContent ?? ''), {
        timeout: TIMEOUT,
      });
    },
  },
  {
    name: 'es: a category page and a brand page in Spanish',
    async run(page, base) {
      await page.goto(`${base}/es/categories`);
      const category = await page.$eval('main a[href^="/es/categor"]', (a) => a.getAttribute('href'));
      await page.goto(`${base}${category}`);
      await page.waitForFunction(
        () => document.documentElement.lang === 'es' && document.querySelectorAll('main article').length > 0,
        { timeout: TIMEOUT },
      );
      await page.goto(`${base}/es/brands`);
      const brand = await page.$eval('main a[href^="/es/brands/"]', (a) => a.getAttribute('href'));
      await page.goto(`${base}${brand}`);
      await page.waitForFunction(() => (document.querySelector('h1')?.textContent ?? '').trim().length > 0, {
        timeout: TIMEOUT,
      });
    },
  },
];

const server = await startStaticServer({ dir, port: 0, host: '127.0.0.1', headers: true });
const browser = await puppeteer.launch({ browser: 'firefox', executablePath: firefox, headless: true });
const version = await browser.version();
const failures: string[] = [];
let passed = 0;
try {
  for (const width of [1280, 375]) {
    for (const flow of flows) {
      const page = await browser.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(e instanceof Error ? e.message : String(e)));
      await page.setViewport({ width, height: width > 600 ? 900 : 740 });
      const name = `${width} px: ${flow.name}`;
      try {
        await flow.run(page, server.url);
        if (pageErrors.length > 0) throw new Error(`uncaught page error: ${pageErrors.join('; ')}`);
        passed++;
        console.log(`  ✓ ${name}`);
      } catch (error) {
        failures.push(name);
        console.log(`  ✗ ${name}\n      ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        await page.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(`\n${version}`);
console.log(`Firefox smoke: ${passed} passed, ${failures.length} failed`);
process.exit(failures.length > 0 ? 1 : 0);
