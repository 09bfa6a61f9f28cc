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
import { loadSiteConfig } from './src/config/load-file.ts';

const siteId = process.env.SITE_ID || 'default';
const sitesDir = process.env.SITES_DIR || undefined;
const config = loadSiteConfig(siteId, sitesDir);
const outDir = process.env.OUT_DIR || `./dist/${siteId}`;

/** Exposes the validated config as `virtual:site-config`. */
function siteConfigPlugin() {
  const id = 'virtual:site-config';
  const resolved = `\0${id}`;
  return {
    name: 'site-config',
    /** @param {string} source */
    resolveId(source) {
      return source === id ? resolved : undefined;
    },
    /** @param {string} source */
    load(source) {
      return source === resolved ? `export default ${JSON.stringify(config)};` : undefined;
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
  integrations: [react()],
  devToolbar: { enabled: false },
  vite: {
    plugins: [tailwindcss(), siteConfigPlugin()],
  },
});
