/**
 * Accessibility: axe-core (through @axe-core/playwright) in Chromium on every route in every
 * language (collections sampled, see samplePages) at desktop width, and on one page per page
 * type and language at phone width (the layout differs: collapsed menu, hidden header
 * search). Fails on any serious or critical violation; minor and moderate ones are counted.
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
        { viewport: AXE_VIEWPORTS.desktop, list: pages },
        { viewport: AXE_VIEWPORTS.phone, list: [...new Set(onePerType.values())] },
      ];
      for (const { viewport, list } of runs) {
        const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
        const page = await context.newPage();
        for (const p of list) {
          checks++;
          await page.goto(`${base}${p.url}`, { waitUntil: 'load' });
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
        await context.close();
      }
    } finally {
      await browser.close();
    }
    return result('axe', failures, { figures: { pages: pages.length, checks, minor } });
  });
}
