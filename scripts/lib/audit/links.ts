/**
 * Links: linkinator over the whole built site, served on loopback. Starts from every built
 * page (so pages nothing links to are checked too), follows same-origin links recursively,
 * checks url() references in CSS and #fragments. Fails on any broken internal link or asset.
 * External links (stores, social, the canonical domain) are skipped: they are not ours to
 * serve, and canonical/hreflang URLs are checked against the build by the SEO gate.
 */
import { LinkChecker } from 'linkinator';
import { discoverPages } from './pages.ts';
import { withServer } from './serve.ts';
import { type GateResult, result } from './types.ts';

export async function runLinksGate(opts: { dir: string; baseUrl?: string }): Promise<GateResult> {
  const pages = discoverPages(opts.dir);
  if (pages.length === 0) return result('links', [`no HTML files in ${opts.dir}`]);
  return withServer(opts.dir, opts.baseUrl, async (base) => {
    const checker = new LinkChecker();
    const report = await checker.check({
      path: pages.map((p) => `${base}${p.url}`),
      recurse: true,
      checkCss: true,
      checkFragments: true,
      concurrency: 8,
      // Generous timeout and a retry of transient socket errors: on a loaded 2-core machine a
      // 10 s timeout aborted thousands of healthy local links (on main's build as well).
      timeout: 60_000,
      retry: false,
      retryErrors: true,
      retryErrorsCount: 2,
      retryErrorsJitter: 500,
      linksToSkip: async (link) => !(link === base || link.startsWith(`${base}/`)),
    });
    const failures = report.links
      .filter((l) => l.state === 'BROKEN')
      .map((l) => {
        const from = l.parent ? l.parent.replace(base, '') || '/' : '(start)';
        const detail = l.status ? `HTTP ${l.status}` : (l.failureDetails?.[0] as Error | undefined)?.message;
        return `${from}: broken link ${l.url.replace(base, '')}${detail ? ` (${detail})` : ''}`;
      });
    const ok = report.links.filter((l) => l.state === 'OK').length;
    const skipped = report.links.filter((l) => l.state === 'SKIPPED').length;
    return result('links', [...new Set(failures)], { figures: { checked: ok, skipped, pages: pages.length } });
  });
}
