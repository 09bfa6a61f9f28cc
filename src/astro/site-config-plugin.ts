/**
 * The Vite plugin astro.config.mjs installs: the validated config as `virtual:site-config` (build
 * time, the whole config: never import it from client code) and `siteRuntimeOf(config)` as
 * `virtual:site-runtime` (src/config/public.ts: the public subset only, safe to ship to browsers),
 * less its ad settings, which are `virtual:site-ads`: only the ad code reads those, so the listing
 * islands' shared chunk, loaded before any interaction, does not carry them (issue 43).
 */
import type { Plugin } from 'vite';
import { siteRuntimeOf } from '../config/public.ts';
import type { SiteConfig } from '../config/schema.ts';

export function siteConfigPlugin(config: SiteConfig): Plugin {
  const { ads, ...runtime } = siteRuntimeOf(config);
  const modules: Record<string, unknown> = {
    'virtual:site-config': config,
    'virtual:site-runtime': runtime,
    'virtual:site-ads': ads,
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
