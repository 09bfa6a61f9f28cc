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
import { criticalCss } from './scripts/lib/build-sites/critical-css.ts';
import { htmlFixes } from './scripts/lib/build-sites/html-fixes.ts';
import { inlineScripts } from './scripts/lib/build-sites/inline-scripts.ts';
import { islandBoot } from './scripts/lib/build-sites/island-boot.ts';
import { pageDataFiles } from './scripts/lib/build-sites/page-data-files.ts';
import { secretScan } from './scripts/lib/build-sites/secret-scan.ts';
import { islandChunks, pageScriptChunks } from './src/astro/chunks.ts';
import { deployTargetOptions } from './src/astro/deploy-target.ts';
import { clientDirectives } from './src/astro/integration.ts';
import { noModulePreload } from './src/astro/no-module-preload.ts';
import { siteConfigPlugin } from './src/astro/site-config-plugin.ts';
import { loadSiteConfig } from './src/config/load-file.ts';

const siteId = process.env.SITE_ID || 'default';
const sitesDir = process.env.SITES_DIR || undefined;
const config = loadSiteConfig(siteId, sitesDir);
const outDir = process.env.OUT_DIR || `./dist/${siteId}`;
// deploy.target "static" (default): nothing added. "cloudflare": @astrojs/cloudflare (issue 32).
const deployTarget = await deployTargetOptions(config);

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
  // criticalCss: each page's used CSS inline in <head>, the stylesheet at the end of <body> (one round trip).
  // pageDataFiles: each page's island data in a file of its own under /_astro/, fetched by client:data.
  // islandBoot: Astro's island runtime, its directives and the data loader in one cached file, started after the paint.
  // inlineScripts: each page's inline scripts minified (after criticalCss, which reads their words).
  // secretScan: the build fails when a secret-looking config value is in any emitted file.
  // clientDirectives: client:interaction and client:data (src/astro/*-directive.ts).
  // An edge site keeps its stylesheet link and inline island data: the Worker renders its long
  // tail on demand without the build's per-page CSS pass, and both ways must give the same HTML (issue 32's parity test).
  integrations: [
    react(),
    htmlFixes(),
    ...(config.deploy.target === 'static' ? [criticalCss(), pageDataFiles(), islandBoot(), inlineScripts()] : []),
    clientDirectives(),
    secretScan(config),
    ...deployTarget.integrations,
  ],
  devToolbar: { enabled: false },
  adapter: deployTarget.adapter,
  // An edge site uses no sessions (no SESSION KV binding in its Worker config); static: Astro's default.
  ...(deployTarget.session === false ? { session: false } : {}),
  vite: {
    // virtual:site-config (build time only) and virtual:site-runtime (the browser's settings,
    // siteRuntimeOf in src/config/public.ts): src/astro/site-config-plugin.ts.
    // noModulePreload: no <link rel="modulepreload"> per dependency of each import() (TBT).
    plugins: [tailwindcss(), siteConfigPlugin(config), noModulePreload()],
    build: {
      rolldownOptions: {
        output: {
          // React and its DOM renderer (and Astro's React client) as one chunk, so every island
          // page loads one file for them, compressed as one (smaller than five small files).
          codeSplitting: {
            groups: [
              {
                name: 'react',
                priority: 4,
                test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/,
              },
              // What every page runs (src/page-chrome/page-chrome.ts and the little it imports): one file.
              {
                name: 'chrome',
                priority: 3,
                test: /src[\\/](page-chrome[\\/]page-chrome|preferences[\\/]preferences|ads[\\/]consent-banner|storage[\\/]web-storage)\.ts$/,
              },
              // Everything the listing islands import statically (src/astro/chunks.ts): one
              // file instead of twenty small ones; the search results view likewise.
              // What the listings' clock labels and the other page scripts that run before any input
              // (the ad runtime, the search-query helper) share with the islands
              // (src/astro/chunks.ts): taken before the islands' group, so none of them imports
              // `app` (and React) before the first input.
              { name: pageScriptChunks.name, priority: 2 },
              { name: islandChunks.name, priority: 1 },
              // The browser's catalog reader (loaded on demand: search results, Show More, the
              // search box's suggestions) with the suggestion ranking and the page-language helper
              // it imports: one file, not three (the search page fetched 13 scripts).
              {
                name: 'catalog-reader',
                priority: 0,
                test: /src[\\/](sources[\\/](browser|page-language|static[\\/][\w-]+)|catalog[\\/]suggest)\.ts$/,
              },
            ],
          },
        },
      },
    },
  },
});
