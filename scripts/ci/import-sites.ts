/**
 * The nightly's IMPORT step (issue 30): for a site whose config names `import.sources`, runs the
 * import into its `staticData.catalog` before the build.
 *
 *   node scripts/ci/import-sites.ts --site <id> [--sites-dir sites] [--cache-dir .cache] [--dry-run]
 *
 * - The last good import is kept in `<cache-dir>/<site-id>/imported-catalog.json` (the workflow
 *   caches that folder between runs) and restored over the repository's copy before importing, so
 *   ids, code health and hand-set fields carry over night after night (`--previous`).
 * - A failed import (a network down, a broken feed, a much smaller catalog) keeps the last good
 *   catalog: the run says so loudly (a GitHub warning) and exits 0, so the site is still built
 *   and deployed from it. With no catalog at all to fall back on, it exits 1.
 * - A site without `import` has nothing to import (exit 0). BUILD_NOW, when set, is the import's clock.
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readSiteFile } from '../../src/config/load-file.ts';
import { runImport } from '../lib/import/run.ts';

const { values } = parseArgs({
  options: {
    site: { type: 'string' },
    'sites-dir': { type: 'string', default: 'sites' },
    'cache-dir': { type: 'string', default: process.env.CATALOG_CACHE_DIR ?? '.cache' },
    root: { type: 'string', default: process.cwd() },
    'dry-run': { type: 'boolean', default: false },
  },
});
if (!values.site || !/^[a-z0-9-]+$/.test(values.site)) {
  console.error('Usage: node scripts/ci/import-sites.ts --site <site-id> [--sites-dir sites] [--dry-run]');
  process.exit(2);
}
const root = resolve(values.root);
const siteFile = resolve(root, values['sites-dir'], `${values.site}.json`);
const loaded = readSiteFile(siteFile);
if (!loaded.ok) {
  console.error(`✗ ${siteFile}: ${loaded.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
  process.exit(1);
}
const { config } = loaded;
const site = `Site "${config.site.id}"`;
if (!config.import) {
  console.log(`[import] ${site}: no import sources; nothing to import`);
  process.exit(0);
}
const target = resolve(root, config.staticData.catalog);
const shown = relative(root, target) || target;
const lastGood = resolve(root, values['cache-dir'], config.site.id, 'imported-catalog.json');
if (existsSync(lastGood) && !values['dry-run']) {
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(lastGood, target);
  console.log(`[import] ${site}: restored the last good import ${relative(root, lastGood)} to ${shown}`);
}
const argv = [
  ...config.import.sources.flatMap((s) => ['--from', s.from]),
  '--out',
  target,
  ...(existsSync(target) ? ['--previous', target] : []),
  ...(config.import.mapping ? ['--mapping', resolve(root, config.import.mapping)] : []),
  ...(config.import.prefer ? ['--prefer', config.import.prefer.join(',')] : []),
  ...config.import.ownCodes.flatMap((c) => ['--own-code', c]),
  ...(config.import.exclusive === 'drop' ? ['--drop-exclusive'] : []),
  '--default-language',
  config.site.defaultLanguage,
  '--window-hours',
  String(config.import.windowHours),
  ...(process.env.BUILD_NOW ? ['--now', process.env.BUILD_NOW] : []),
  ...(values['dry-run'] ? ['--dry-run'] : []),
];
const lines: string[] = [];
const { code } = await runImport(argv, {
  cwd: root,
  log: (l) => console.log(l),
  warn: (l) => {
    lines.push(l);
    console.error(l);
  },
});
if (code === 0) {
  if (!values['dry-run']) {
    mkdirSync(dirname(lastGood), { recursive: true });
    copyFileSync(target, lastGood);
  }
  console.log(`[import] ${site}: imported into ${shown}${values['dry-run'] ? ' (dry run: not written)' : ''}`);
  process.exit(0);
}
const why = (lines.find((l) => l.startsWith('✗')) ?? 'see the log above').split('\n')[0]!.replace(/^✗ /, '');
if (code === 1 && existsSync(target)) {
  const bar = '!'.repeat(78);
  console.error(
    [
      bar,
      `!! ${site}: the IMPORT FAILED; it is built from its LAST GOOD CATALOG ${shown}.`,
      `!! Error: ${why}`,
      bar,
    ].join('\n'),
  );
  if (process.env.GITHUB_ACTIONS)
    console.log(
      `::warning title=Import failed for ${config.site.id}::${why.replace(/\r?\n/g, ' ')} (built from the last good catalog ${shown})`,
    );
  process.exit(0);
}
console.error(`✗ ${site}: the import failed and there is no last good catalog at ${shown}: the site cannot be built.`);
process.exit(1);
