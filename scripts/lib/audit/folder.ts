/**
 * The folder the audit reads for a built site: the site's folder, or for an edge site
 * (deploy.target "cloudflare", its static files in client/ beside the Worker's server/) its
 * client/ folder.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function auditedFolder(siteDir: string): string {
  const client = join(siteDir, 'client');
  return existsSync(client) && existsSync(join(siteDir, 'server')) ? client : siteDir;
}

/**
 * For an edge site's client/ folder: whether a URL path is a brand page its Worker renders on
 * demand (a brand of its catalog index, `_edge/index.json`, in any language, not pre-rendered).
 * Null for a static site.
 */
export function edgeOnDemandPages(clientDir: string): ((path: string) => boolean) | null {
  const file = join(clientDir, '_edge', 'index.json');
  if (!existsSync(file)) return null;
  const index = JSON.parse(readFileSync(file, 'utf8')) as { brands?: unknown };
  const slugs = new Set(
    (Array.isArray(index.brands) ? index.brands : []).flatMap((b) =>
      Array.isArray(b) && typeof b[0] === 'string' ? [b[0]] : [],
    ),
  );
  return (path) => {
    const m = /^\/(?:[a-z]{2}\/)?brands\/([^/]+)$/.exec(path);
    return m !== null && slugs.has(m[1]!) && !existsSync(join(clientDir, `${path.slice(1)}.html`));
  };
}
