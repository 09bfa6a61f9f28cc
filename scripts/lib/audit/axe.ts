/**
 * Accessibility: axe-core (through @axe-core/playwright) in Chromium on every route at desktop
 * width in two languages (desktopPages: the unprefixed one and German, the longest words;
 * collections sampled, see samplePages), and on one page per page type in every language at
 * phone width (the layout differs: collapsed menu, hidden header search). Every language is
 * scanned on every page type; the routes' markup is the same in all of them. Fails on any serious or critical violation; minor and moderate ones are counted.
 * The desktop run is a visitor who accepted cookies, so the ads show (mock ads on this local
 * server) and are checked once filled; the phone run is a first visit, with the consent banner.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../browser/chromium.ts';
import { type BuiltPage, discoverPages, samplePages } from './pages.ts';
import { withServer } from './serve.ts';
import { type GateResult, result } from './types.ts';

export const AXE_VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 812 },
};
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** The consent banner's stored "Accept all" (src/preferences/preferences.ts). */
const ACCEPT_COOKIES = `try{localStorage.getItem('consent')||localStorage.setItem('consent','{"v":1,"choice":"accepted","at":1}')}catch(e){}`;

/** Waits (at most 5 s) until every shown ad slot has its ad, mock or failure text. */
async function adsSettled(page: import('@playwright/test').Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('[data-ad-page-slot]')]
          .filter((el) => el.getClientRects().length > 0)
          .every((el) =>
            /^(loaded|failed|empty)$/.test(
              el.querySelector('[data-ad-container]')?.getAttribute('data-ad-state') ?? '',
            ),
          ),
      undefined,
      { timeout: 5000 },
    )
    .catch(() => {});
}

/**
 * The pages scanned at desktop width: every route in the unprefixed language (the one of "/")
 * and in German when the site has it (else its next language); all of them on a site of one or
 * two languages. The phone run still covers one page of each type in every language. Halves the
 * gate's time on a four-language site (250 s on 2 cores in CI), so `npm test` stays under 60 min.
 */
export function desktopPages(pages: BuiltPage[]): BuiltPage[] {
  const langs = [...new Set(pages.map((p) => p.lang).filter(Boolean))];
  if (langs.length <= 2) return pages;
  const root = pages.find((p) => p.url === '/')?.lang || langs[0];
  const second = root !== 'de' && langs.includes('de') ? 'de' : langs.find((l) => l !== root);
  const keep = new Set([root, second]);
  return pages.filter((p) => keep.has(p.lang));
}

export async function runAxeGate(opts: {
  dir: string;
  baseUrl?: string;
  pages?: BuiltPage[];
  /** Routes per collection (brand, category) to check; default 3. */
  perCollection?: number;
}): Promise<GateResult> {
  const pages = opts.pages ?? samplePages(discoverPages(opts.dir), opts.perCollection ?? 3);
  if (pages.length === 0) return result('axe', [`no HTML pages in ${opts.dir}`]);
  return withServer(opts.dir, opts.baseUrl, async (base) => {
    const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
    const failures: string[] = [];
    let minor = 0;
    let checks = 0;
    try {
      const onePerType = new Map(pages.map((p) => [`${p.type} ${p.lang}`, p]));
      const runs = [
        { viewport: AXE_VIEWPORTS.desktop, list: desktopPages(pages), consent: true },
        { viewport: AXE_VIEWPORTS.phone, list: [...new Set(onePerType.values())], consent: false },
      ];
      // Two pages at a time (one per core): axe is CPU work in the page, and one page at a time
      // left a core idle (334 s for the default site in CI).
      const jobs = runs.flatMap(({ viewport, list, consent }) => list.map((p) => ({ viewport, consent, p })));
      const lanes = [0, 1].map(async (lane) => {
        const open = new Map<boolean, import('@playwright/test').Page>();
        for (let i = lane; i < jobs.length; i += 2) {
          const { viewport, consent, p } = jobs[i]!;
          let page = open.get(consent);
          if (!page) {
            const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
            if (consent) await context.addInitScript(ACCEPT_COOKIES);
            page = await context.newPage();
            open.set(consent, page);
          }
          checks++;
          await page.goto(`${base}${p.url}`, { waitUntil: 'load' });
          if (consent) await adsSettled(page);
          const { violations } = await new AxeBuilder({ page }).analyze();
          for (const v of violations) {
            if (!FAILING_IMPACTS.has(v.impact ?? '')) {
              minor += v.nodes.length;
              continue;
            }
            const targets = v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(' '))
              .join(', ');
            failures.push(`${p.url} @${viewport.width}px: ${v.id} (${v.impact}) ${v.help} — ${targets}`);
          }
        }
        for (const page of open.values()) await page.context().close();
      });
      await Promise.all(lanes);
    } finally {
      await browser.close();
    }
    return result('axe', failures, { figures: { pages: pages.length, checks, minor } });
  });
}
