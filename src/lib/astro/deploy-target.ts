/**
 * What `deploy.target` adds to the Astro config (issue 32, src/config/schema-deploy.ts).
 * `static` adds nothing: the site builds exactly as it always has (plain files, no adapter, no
 * Worker). `cloudflare` adds @astrojs/cloudflare, which is only loaded for such a site.
 */
import type { AstroUserConfig } from 'astro';
import type { SiteConfig } from '../../config/schema.ts';

export async function deployTargetOptions(config: Pick<SiteConfig, 'deploy'>): Promise<Pick<AstroUserConfig, 'adapter'>> {
  if (config.deploy.target !== 'cloudflare') return {};
  const { default: cloudflare } = await import('@astrojs/cloudflare');
  // Pre-rendering runs in Node (the build reads the catalog and content files from disk);
  // on-demand pages run in workerd and read the catalog from the site's static assets.
  return { adapter: cloudflare({ prerenderEnvironment: 'node', imageService: 'compile' }) };
}
