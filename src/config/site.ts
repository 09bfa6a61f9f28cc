/**
 * The validated configuration of the site being built. astro.config.mjs validates
 * `sites/<SITE_ID>.json` and exposes it as the virtual module below, so pages and
 * islands never read files themselves.
 */
import config from 'virtual:site-config';
import type { SiteConfig } from './schema.ts';

export const site: SiteConfig = config;
export const defaultLanguage: string = site.site.defaultLanguage;
export const languages: readonly string[] = site.site.supportedLanguages;
