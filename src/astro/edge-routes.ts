/**
 * The routes only an edge site has (issue 32), injected for `deploy.target: "cloudflare"`:
 * the catalog data of the Worker (/_edge/*.json, pre-rendered), the on-demand brand pages and
 * feeds of the long tail (a pre-rendered page is a static asset and wins; any other slug reaches
 * the Worker; the page route is a rest route so its route key differs from the pre-rendered one,
 * which keeps its stylesheet in the Worker's manifest), the API (/api/*, D1), and the child
 * sitemaps of a sitemap index that lists the long tail too (/sitemap-<n>.xml, pre-rendered).
 */
import type { AstroIntegration } from 'astro';

export function edgeRoutes(): AstroIntegration {
  return {
    name: 'edge-routes',
    hooks: {
      'astro:config:setup': ({ injectRoute, addMiddleware, updateConfig }) => {
        // The Worker's API refuses cross-site form writes itself (src/server/worker-api.ts
        // `crossSiteFormWrite`), after routing, so an unsupported method gets 405 with Allow
        // (issue 41); Astro's own check would answer 403 first. The other on-demand routes are GETs.
        updateConfig({ security: { checkOrigin: false } });
        addMiddleware({ entrypoint: new URL('../edge/middleware.ts', import.meta.url), order: 'post' });
        injectRoute({ pattern: '/_edge/[...file]', entrypoint: './src/edge/data-route.ts', prerender: true });
        injectRoute({ pattern: '/data/[...file]', entrypoint: './src/edge/data-ondemand.ts', prerender: false });
        injectRoute({
          pattern: '/[...lang]/brands/[...slug]',
          entrypoint: './src/edge/brand-route.astro',
          prerender: false,
        });
        injectRoute({
          pattern: '/[...lang]/brands/[slug]/feed.xml',
          entrypoint: './src/edge/feed-route.ts',
          prerender: false,
        });
        injectRoute({ pattern: '/sitemap-[n].xml', entrypoint: './src/edge/sitemap-route.ts', prerender: true });
        injectRoute({ pattern: '/api/[...path]', entrypoint: './src/edge/api-route.ts', prerender: false });
        // A local edge's purge by tag (issue 42; a 404 unless the Worker has EDGE_PURGE_TOKEN).
        injectRoute({ pattern: '/_edge/purge', entrypoint: './src/edge/purge-route.ts', prerender: false });
      },
    },
  };
}
