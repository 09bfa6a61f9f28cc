// @ts-check
/**
 * Builds ONE site: the one named by the SITE_ID environment variable (default "default").
 * `npm run build` (scripts/build-sites.ts) runs this once per `sites/*.json`, writing
 * `dist/<site-id>/`. The site config is validated here; an invalid one stops this build
 * with the file, each JSON path and a plain message.
 */
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { htmlFixes } from './scripts/lib/build-sites/html-fixes.ts';
import { secretScan } from './scripts/lib/build-sites/secret-scan.ts';
import { loadSiteConfig } from './src/config/load-file.ts';
import { publicSiteConfig } from './src/config/public.ts';
import { clientDirectives } from './src/lib/astro/integration.ts';

const siteId = process.env.SITE_ID || 'default';
const sitesDir = process.env.SITES_DIR || undefined;
const config = loadSiteConfig(siteId, sitesDir);
const outDir = process.env.OUT_DIR || `./dist/${siteId}`;
/** The allowlisted public part of the config (src/config/public.ts): all the browser may get. */
const publicConfig = publicSiteConfig(config);

/**
 * Exposes the validated config as `virtual:site-config` (build time, whole config: never import
 * it from client code) and the few settings islands need as `virtual:site-runtime` (taken from
 * the public subset only, safe to ship to browsers).
 */
function siteConfigPlugin() {
  const modules = {
    'virtual:site-config': config,
    'virtual:site-runtime': {
      siteId: config.site.id,
      siteName: config.site.name,
      defaultLanguage: config.site.defaultLanguage,
      languages: config.site.supportedLanguages,
      timezone: config.site.timezone,
      staticData: config.features.staticData.enabled,
      apiBaseUrl: config.api.baseUrl,
      apiTimeout: config.api.timeout,
      apiRetryCount: config.api.retryCount,
      apiEndpoints: publicConfig.api.endpoints,
      searchMinCharacters: config.features.search?.minCharacters ?? 2,
      pagination: {
        type: config.features.pagination.type,
        itemsPerPage: config.features.pagination.itemsPerPage,
      },
      ads: publicConfig.ads,
      consent: publicConfig.consent,
    },
  };
  return {
    name: 'site-config',
    /** @param {string} source */
    resolveId(source) {
      return source in modules ? `\0${source}` : undefined;
    },
    /** @param {string} source */
    load(source) {
      const key = source.startsWith('\0') ? source.slice(1) : '';
      return key in modules
        ? `export default ${JSON.stringify(modules[/** @type {keyof typeof modules} */ (key)])};`
        : undefined;
    },
  };
}

export default defineConfig({
  site: `https://${config.site.domain}`,
  outDir,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'auto' },
  compressHTML: true,
  i18n: {
    locales: [...config.site.supportedLanguages],
    defaultLocale: config.site.defaultLanguage,
    routing: { prefixDefaultLocale: false },
  },
  redirects: {
    '/privacy-policy': '/privacy',
  },
  // htmlFixes: Astro's island <style> into <head>, "0; url=" in redirect pages (valid HTML).
  // secretScan: the build fails when a secret-looking config value is in any emitted file.
  // clientDirectives: client:interaction (src/lib/astro/interaction-directive.ts).
  integrations: [react(), htmlFixes(), clientDirectives(), secretScan(config)],
  devToolbar: { enabled: false },
  vite: {
    plugins: [tailwindcss(), siteConfigPlugin()],
    build: {
      rolldownOptions: {
        output: {
          // React and its DOM renderer (and Astro's React client) as one chunk, so every island
          // page loads one file for them, compressed as one (smaller than five small files).
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/ },
              // What every page runs (src/lib/page-chrome.ts and the little it imports): one file.
              { name: 'chrome', test: /src[\\/](lib[\\/](page-chrome|preferences)|ads[\\/]consent-banner)\.ts$/ },
            ],
          },
        },
      },
    },
  },
});
