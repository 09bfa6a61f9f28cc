/**
 * The site's colours and fonts as CSS custom properties, written into every page's <style> by
 * src/layouts/BaseLayout.astro at build time (each colour checked again: it ends up in a <style>).
 */
import { cssColor } from '../catalog/colors.ts';
import type { SiteConfig } from './schema.ts';

/** CSS custom properties for the site's colours and fonts (checked again here: they end up in a <style>). */
export function cssVariables(config: Pick<SiteConfig, 'branding'>): Record<string, string> {
  const c = config.branding.colors;
  // "<name> Fallback": a local font sized to the web font's metrics (src/styles/global.css), so
  // text set before the web font arrives takes the same room and nothing moves when it swaps.
  const family = (name: string) => {
    const n = name.replace(/[^A-Za-z0-9 -]/g, '');
    return `'${n}', '${n} Fallback', ui-sans-serif, system-ui, sans-serif`;
  };
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

/**
 * The `:root` rule of the fonts only: BaseLayout writes the colours with themeCssText
 * (src/config/theme.ts, the same checked values and the dark palette), so they are not written twice.
 */
export function fontVariablesText(config: Pick<SiteConfig, 'branding'>): string {
  const vars = cssVariables(config);
  return `:root{--site-font-heading:${vars['--site-font-heading']};--site-font-body:${vars['--site-font-body']}}`;
}
