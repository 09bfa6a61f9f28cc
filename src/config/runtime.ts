/**
 * Runtime configuration load (SPEC §4 "Configuration load"): fetch the site's published public
 * config, /config/<site-id>.config.json (/config/default.config.json on the default site); when
 * it is missing, not ok or not JSON (or fails validation), use the built-in default. Results are
 * cached per site and path. A site that cannot be found ("Site config not found") falls back to
 * the default site. Then `applySiteConfig` injects colour and font variables, the title and the
 * favicon.
 */
import { z } from 'zod';
import { cssColor } from '../catalog/colors.ts';
import { type PublicSiteConfig, publicConfigPath } from './public.ts';
import { brandingSchema, localize, localizedTextSchema, type SiteConfig, siteSchema } from './schema.ts';

export const CONFIG_PATH = publicConfigPath('default');

/** What the loader checks of a published config: the parts `applySiteConfig` uses. */
const publishedConfigSchema = z.looseObject({
  site: siteSchema,
  branding: brandingSchema,
  seo: z.looseObject({ title: localizedTextSchema }),
});

type RuntimeConfig = PublicSiteConfig;

type FetchLike = (input: string) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;

export interface RuntimeConfigOptions {
  siteId?: string;
  path?: string;
  fetch?: FetchLike;
  builtIn: RuntimeConfig;
  /** Logs problems; defaults to console.warn. */
  warn?: (...args: unknown[]) => void;
}

const cache = new Map<string, Promise<RuntimeConfig>>();

export function clearConfigCache(): void {
  cache.clear();
}

export function loadRuntimeConfig(opts: RuntimeConfigOptions): Promise<RuntimeConfig> {
  const siteId = opts.siteId ?? opts.builtIn.site.id;
  const path = opts.path ?? publicConfigPath(siteId);
  const key = `${siteId}::${path}`;
  let pending = cache.get(key);
  if (!pending) {
    pending = fetchConfig(siteId, path, opts);
    cache.set(key, pending);
  }
  return pending;
}

async function fetchConfig(siteId: string, path: string, opts: RuntimeConfigOptions): Promise<RuntimeConfig> {
  const warn = opts.warn ?? console.warn;
  const doFetch = opts.fetch ?? ((input: string) => fetch(input));
  try {
    const res = await doFetch(path);
    if (!res.ok) {
      warn(`Site config not available (${res.status}); using the built-in default`);
      return opts.builtIn;
    }
    const data: unknown = await res.json();
    const result = publishedConfigSchema.safeParse(data);
    if (!result.success) {
      warn('Site config is invalid; using the built-in default', result.error.issues);
      return opts.builtIn;
    }
    const config = result.data as unknown as RuntimeConfig;
    if (config.site.id !== siteId) {
      warn(`Site config not found for "${siteId}"; falling back to the default site`);
      return siteId === opts.builtIn.site.id ? opts.builtIn : config;
    }
    return config;
  } catch (err) {
    warn('Site config could not be loaded; using the built-in default', err);
    return opts.builtIn;
  }
}

/** CSS custom properties for the site's colours and fonts (checked again here: they end up in a <style>). */
export function cssVariables(config: Pick<SiteConfig, 'branding'>): Record<string, string> {
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

export function cssVariablesText(config: Pick<SiteConfig, 'branding'>): string {
  return `:root{${Object.entries(cssVariables(config))
    .map(([k, v]) => `${k}:${v}`)
    .join(';')}}`;
}

/** Applies variables, title (seo.title in `lang`) and favicon to a document. */
export function applySiteConfig(
  config: Pick<SiteConfig, 'branding' | 'site' | 'seo'>,
  doc: Document,
  lang = config.site.defaultLanguage,
): void {
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
