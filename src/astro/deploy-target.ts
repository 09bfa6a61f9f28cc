/**
 * What `deploy.target` adds to the Astro config (issue 32, src/config/schema-deploy.ts).
 * `static` adds nothing: the site builds exactly as it always has (plain files, no adapter, no
 * Worker). `cloudflare` adds @astrojs/cloudflare (loaded only for such a site), the edge routes
 * (./edge-routes.ts) and the site's Wrangler config (./wrangler-config.ts).
 */
import type { AstroIntegration, AstroUserConfig } from 'astro';
import type { SiteConfig } from '../config/schema.ts';
import { edgeRoutes } from './edge-routes.ts';
import { writeWranglerConfig } from './wrangler-config.ts';

export async function deployTargetOptions(
  config: Pick<SiteConfig, 'deploy' | 'site'>,
  root = process.cwd(),
): Promise<Pick<AstroUserConfig, 'adapter' | 'session'> & { integrations: AstroIntegration[] }> {
  if (config.deploy.target !== 'cloudflare') return { integrations: [] };
  const { default: cloudflare } = await import('@astrojs/cloudflare');
  const configPath = writeWranglerConfig(config, root);
  // Pre-rendering runs in Node (the build reads the catalog and content files from disk);
  // on-demand pages run in workerd and read the catalog from the site's static assets.
  // No Astro sessions (Astro ≥ 7.2: `session: false`): the adapter would otherwise wire its default
  // session driver and add a SESSION KV binding to the Worker's config that nothing uses.
  return {
    adapter: cloudflare({ prerenderEnvironment: 'node', imageService: 'compile', configPath }),
    session: false,
    integrations: [edgeRoutes()],
  };
}
