import { describe, expect, it } from 'vitest';
import { contrast, darkPalette, logoSources, themeCssText } from '../../../src/config/theme.ts';
import { validateSiteConfig } from '../../../src/config/validate.ts';
import { defaultConfig } from './helpers.ts';

function config(mutate: (c: ReturnType<typeof defaultConfig>) => void = () => {}) {
  const c = defaultConfig();
  mutate(c);
  const r = validateSiteConfig(c);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.config;
}

describe('branding.theme', () => {
  it('light: only the configured palette, nothing for dark', () => {
    const css = themeCssText(config());
    expect(css).toContain(':root{--site-primary:#0f766e');
    expect(css).not.toContain('data-theme');
    expect(css).not.toContain('prefers-color-scheme');
  });

  it('dark: the dark palette under :root[data-theme="dark"], no media query, color-scheme dark', () => {
    const css = themeCssText(config((c) => (c.branding.theme = 'dark')));
    const dark = darkPalette(config().branding.colors);
    expect(css).toContain(`:root[data-theme="dark"]{--site-primary:${dark.primary}`);
    expect(css).toContain(`--site-background:${dark.background}`);
    expect(css).toContain('color-scheme:dark');
    expect(css).not.toContain('prefers-color-scheme');
  });

  it('auto: the dark palette only inside prefers-color-scheme: dark (decided by CSS, no script)', () => {
    const css = themeCssText(config((c) => (c.branding.theme = 'auto')));
    expect(css).toMatch(/@media \(prefers-color-scheme: dark\)\{:root\[data-theme="auto"\]\{--site-primary:/);
    expect(css).toContain(':root[data-theme="auto"]{color-scheme:light dark}');
  });

  it.each([
    ['the default colours', {}],
    ['a light primary and accent', { primary: '#14b8a6', accent: '#f59e0b' }],
    ['a dark text colour that is not near-black', { text: '#334155' }],
    ['a deep blue brand', { primary: '#1d4ed8', accent: '#7c3aed', text: '#111827', background: '#ffffff' }],
  ])('the dark palette of %s reads (WCAG AA on page and surface)', (_, colors) => {
    const dark = darkPalette({ ...config().branding.colors, ...colors });
    for (const bg of [dark.background, dark.surface]) {
      expect(contrast(dark.text, bg)).toBeGreaterThanOrEqual(7);
      expect(contrast(dark.textMuted, bg)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(dark.primary, bg)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(dark.accent, bg)).toBeGreaterThanOrEqual(4.5);
    }
    // The page is dark.
    expect(contrast(dark.background, '#000000')).toBeLessThan(1.5);
  });

  it('filled buttons keep the configured brand colour in dark (white text on it)', () => {
    const css = themeCssText(config((c) => (c.branding.theme = 'dark')));
    const darkRule = css.slice(css.indexOf('[data-theme="dark"]'));
    expect(darkRule).toContain('--site-primary-strong:#0f766e');
    expect(contrast('#0f766e', '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('logo.dark is the logo in dark, a <source> for a dark system in auto, unused in light', () => {
    expect(logoSources(config((c) => (c.branding.theme = 'dark')))).toEqual({
      src: '/logo-dark.svg',
      darkSource: null,
    });
    expect(logoSources(config((c) => (c.branding.theme = 'auto')))).toEqual({
      src: '/logo.svg',
      darkSource: '/logo-dark.svg',
    });
    expect(logoSources(config())).toEqual({ src: '/logo.svg', darkSource: null });
    expect(
      logoSources(
        config((c) => {
          c.branding.theme = 'dark';
          delete c.branding.logo.dark;
        }),
      ).src,
    ).toBe('/logo.svg');
  });
});
