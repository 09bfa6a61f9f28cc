/**
 * Takes screenshots of built pages at 375 px and 1280 px:
 * `node scripts/screenshots.ts [--site default] [--out screenshots] /path /es/path ...`
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './lib/browser/chromium.ts';
import { startStaticServer } from './lib/serve/static-server.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    site: { type: 'string', default: 'default' },
    out: { type: 'string', default: 'screenshots' },
    full: { type: 'boolean', default: false },
    url: { type: 'string' },
  },
});
const outDir = resolve(values.out);
mkdirSync(outDir, { recursive: true });
const server = values.url ? null : await startStaticServer({ dir: `dist/${values.site}` });
const base = values.url ?? server!.url;
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
for (const path of positionals.length ? positionals : ['/']) {
  for (const width of [375, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: width === 375 ? 812 : 900 } });
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const name = `${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${width}.png`;
    await page.screenshot({ path: join(outDir, name), fullPage: values.full });
    console.log(join(values.out, name));
    await page.close();
  }
}
await browser.close();
await server?.close();
