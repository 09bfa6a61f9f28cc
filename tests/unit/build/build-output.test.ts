/**
 * `npm run build` prints a summary, not one line per page (about 2,100 lines for the default
 * site): astro's page and image lines are counted and left out; `--verbose` lists them.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBuildOutputFilter } from '../../../scripts/lib/build-sites/output.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

const ASTRO_OUTPUT = [
  '15:50:37 [build] Rearranging server assets...',
  '',
  ' generating static routes ',
  '15:50:39   ├─ /data/coupons/newest/1.json (+3ms) ',
  '15:50:39   ├─ /de/coupons/index.html (+2ms) ',
  '15:50:39   └─ /fr/search/index.html (+1ms) ',
  '15:50:48 ✓ Completed in 11.00s.',
  '',
  ' generating optimized images ',
  '15:50:48   ▶ /_astro/search.D85ax4Uf_1I0YSo.avif (reused cache entry) (+2ms) (1/64)',
  '15:50:48   ▶ /_astro/find.ePE2cSDC_2jj1xI.avif (reused cache entry) (+1ms) (2/64)',
  '15:50:48 ✓ Completed in 28ms.',
  '',
  '15:50:49 [build] 620 page(s) built in 21.90s',
  '15:50:49 [build] Complete!',
  '',
].join('\n');

describe('build output', () => {
  it('leaves out one line per page and image, and says how many there were', () => {
    const filter = createBuildOutputFilter();
    // In uneven chunks, as a pipe delivers them.
    let out = '';
    for (let i = 0; i < ASTRO_OUTPUT.length; i += 37) out += filter.push(ASTRO_OUTPUT.slice(i, i + 37));
    out += filter.end();
    expect(out).not.toContain('/de/coupons/index.html');
    expect(out).not.toContain('/_astro/');
    expect(out).toContain('✓ Completed in 11.00s.  (3 files; list them with --verbose)');
    expect(out).toContain('✓ Completed in 28ms.  (2 files; list them with --verbose)');
    expect(out).toContain('[build] 620 page(s) built in 21.90s');
    expect(filter.hidden).toBe(5);
    expect(out.split('\n').length).toBeLessThan(ASTRO_OUTPUT.split('\n').length - 4);
  });

  it('`npm run build` accepts --verbose (the page list)', () => {
    const r = spawnSync(process.execPath, ['scripts/build-sites.ts', '--dry-run', '--verbose', '--site', 'default'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
