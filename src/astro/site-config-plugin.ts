/**
 * The Vite plugin astro.config.mjs installs: the validated config as `virtual:site-config` (build
 * time, the whole config: never import it from client code) and `siteRuntimeOf(config)` as
 * `virtual:site-runtime` (src/config/public.ts: the public subset only, safe to ship to browsers),
 * less its ad settings, which are `virtual:site-ads`: only the ad code reads those, so the listing
 * islands' shared chunk, loaded before any interaction, does not carry them (issue 43); and the
 * clock labels' words in the site's languages as `virtual:clock-words` (src/page-chrome/clock-labels.ts).
 */
import type { Plugin } from 'vite';
import { siteRuntimeOf } from '../config/public.ts';
import type { SiteConfig } from '../config/schema.ts';
import { pickMessages } from '../i18n/island-keys.ts';
import { CLOCK_LABEL_KEYS } from '../page-chrome/clock-keys.ts';

export function siteConfigPlugin(config: SiteConfig): Plugin {
  const { ads, ...runtime } = siteRuntimeOf(config);
  const modules: Record<string, unknown> = {
    'virtual:site-config': config,
    'virtual:site-runtime': runtime,
    'virtual:site-ads': ads,
    'virtual:clock-words': clockWordsOf(config),
  };
  return {
    name: 'site-config',
    resolveId(source) {
      return source in modules ? `\0${source}` : undefined;
    },
    load(id) {
      const key = id.startsWith('\0') ? id.slice(1) : '';
      return key in modules ? `export default ${JSON.stringify(modules[key])};` : undefined;
    },
  };
}

/** The clock labels' words (CLOCK_LABEL_KEYS) in each of the site's languages. */
export function clockWordsOf(config: SiteConfig): Record<string, ReturnType<typeof pickMessages>> {
  return Object.fromEntries(config.site.supportedLanguages.map((lang) => [lang, pickMessages(lang, CLOCK_LABEL_KEYS)]));
}
