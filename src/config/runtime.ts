/**
 * Runtime configuration load (SPEC §4 "Configuration load"): fetch
 * /config/default.config.json; when it is missing, not ok or not JSON (or fails
 * validation), use the built-in default. Results are cached per site and path. A site
 * that cannot be found ("Site config not found") falls back to the default site.
 * Then `applySiteConfig` injects colour and font variables, the title and the favicon.
 */
import { cssColor } from '../catalog/refinements.ts';
import { localize, type SiteConfig } from './schema.ts';
import { validateSiteConfig } from './validate.ts';

export const CONFIG_PATH = '/config/default.config.json';

type FetchLike = (input: string) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;

export interface RuntimeConfigOptions {
  siteId?: string;
  path?: string;
  fetch?: FetchLike;
  builtIn: SiteConfig;
  /** Logs problems; defaults to console.warn. */
  warn?: (...args: unknown[]) => void;
}

const cache = new Map<string, Promise<SiteConfig>>();

export function clearConfigCache(): void {
  cache.clear();
}

export function loadRuntimeConfig(opts: RuntimeConfigOptions): Promise<SiteConfig> {
  const siteId = opts.siteId ?? opts.builtIn.site.id;
  const path = opts.path ?? CONFIG_PATH;
  const key = `${siteId}::${path}`;
  let pending = cache.get(key);
  if (!pending) {
    pending = fetchConfig(siteId, path, opts);
    cache.set(key, pending);
  }
  return pending;
}

async function fetchConfig(siteId: string, path: string, opts: RuntimeConfigOptions): Promise<SiteConfig> {
  const warn = opts.warn ?? console.warn;
  const doFetch = opts.fetch ?? ((input: string) => fetch(input));
  try {
    const res = await doFetch(path);
    if (!res.ok) {
      warn(`Site config not available (${res.status}); using the built-in default`);
      return opts.builtIn;
    }
    const data: unknown = await res.json();
    const result = validateSiteConfig(data);
    if (!result.ok) {
      warn('Site config is invalid; using the built-in default', result.problems);
      return opts.builtIn;
    }
    if (result.config.site.id !== siteId) {
      warn(`Site config not found for "${siteId}"; falling back to the default site`);
      return siteId === opts.builtIn.site.id ? opts.builtIn : result.config;
    }
    return result.config;
  } catch (err) {
    warn('Site config could not be loaded; using the built-in default', err);
    return opts.builtIn;
  }
}

/** CSS custom properties for the site's colours and fonts (checked again here: they end up in a <style>). */
export function cssVariables(config: SiteConfig): Record<string, string> {
  const c = config.branding.colors;
  const family = (name: string) => `'${name.replace(/[^A-Za-z0-9 -]/g, '')}', ui-sans-serif, system-ui, sans-serif`;
  return {
    '--site-primary': cssColor(c.primary, '#0f766e'),
    '--site-secondary': cssColor(c.secondary, '#1e293b'),
    '--site-accent': cssColor(c.accent, '#b45309'),
    '--site-background': cssColor(c.background, '#f8fafc'),
    '--site-surface': cssColor(c.surface, '#ffffff'),
    '--site-text': cssColor(c.text, '#0f172a'),
    '--site-text-muted': cssColor(c.textMuted, '#475569'),
    '--site-border': cssColor(c.border, '#e2e8f0'),
    '--site-font-heading': family(config.branding.fonts.heading),
    '--site-font-body': family(config.branding.fonts.body),
  };
}

export function cssVariablesText(config: SiteConfig): string {
  return `:root{${Object.entries(cssVariables(config))
    .map(([k, v]) => `${k}:${v}`)
    .join(';')}}`;
}

/** Applies variables, title (seo.title in `lang`) and favicon to a document. */
export function applySiteConfig(config: SiteConfig, doc: Document, lang = config.site.defaultLanguage): void {
  for (const [k, v] of Object.entries(cssVariables(config))) doc.documentElement.style.setProperty(k, v);
  const title = localize(config.seo.title, lang, config.site.defaultLanguage);
  if (title) doc.title = title;
  let icon = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!icon) {
    icon = doc.createElement('link');
    icon.rel = 'icon';
    doc.head.appendChild(icon);
  }
  icon.href = config.branding.logo.favicon;
}
