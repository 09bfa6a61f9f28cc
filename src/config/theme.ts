/**
 * The site's colour theme (`branding.theme`): the --site-* CSS variables of the light palette
 * (the eight configured colours) and of a dark palette derived from them, written into <head>
 * by BaseLayout so the page is painted in the right theme from the first frame:
 * - light: the configured colours;
 * - dark: `<html data-theme="dark">` selects the dark palette;
 * - auto: `<html data-theme="auto">` selects it inside `@media (prefers-color-scheme: dark)`.
 * No script decides the theme, so there is no flash of the wrong one.
 *
 * The dark palette swaps the page and text colours (the configured text colour becomes the page,
 * the configured background the text), derives surface, border and muted text between them, and
 * lightens primary and accent until they read on the dark surface (WCAG AA, 4.5:1). Filled
 * buttons and badges keep the configured brand colours (`--site-primary-strong`,
 * `--site-accent-strong`, see global.css) because they carry white text.
 * Pure: tested in tests/unit/config/theme.test.ts.
 */
import { cssColor } from '../catalog/refinements.ts';
import type { SiteConfig } from './schema.ts';

type Colors = SiteConfig['branding']['colors'];
type Rgb = [number, number, number];

const parse = (hex: string): Rgb => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const toHex = ([r, g, b]: Rgb): string =>
  `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** `a` moved `amount` (0..1) of the way towards `b`. */
export function mix(a: string, b: string, amount: number): string {
  const x = parse(a);
  const y = parse(b);
  return toHex([0, 1, 2].map((i) => x[i]! + (y[i]! - x[i]!) * amount) as Rgb);
}

/** WCAG 2 relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = parse(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio, 1..21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `color` lightened (towards white) in small steps until it reaches `ratio` against `against`. */
function readableOn(color: string, against: string, ratio: number): string {
  let out = color;
  for (let step = 0; step <= 20 && contrast(out, against) < ratio; step++) out = mix(color, '#ffffff', step / 20);
  return out;
}

/** Darkest and lightest of two colours. */
function darkLight(a: string, b: string): [string, string] {
  return luminance(a) <= luminance(b) ? [a, b] : [b, a];
}

export type Palette = Colors;

/** The dark palette derived from the configured (light) colours. */
export function darkPalette(colors: Colors): Palette {
  const [ink, paper] = darkLight(colors.text, colors.background);
  // A near-black page: the configured text colour, darkened a little more when it is not dark.
  const background = luminance(ink) > 0.03 ? mix(ink, '#000000', 0.6) : ink;
  const surface = mix(background, paper, 0.07);
  const text = paper;
  const textMuted = readableOn(mix(paper, background, 0.3), surface, 4.5);
  return {
    primary: readableOn(colors.primary, surface, 4.5),
    secondary: mix(background, colors.secondary, 0.5),
    accent: readableOn(colors.accent, surface, 4.5),
    background,
    surface,
    text,
    textMuted,
    border: mix(surface, paper, 0.16),
  };
}

const VAR_NAMES: Record<keyof Colors, string> = {
  primary: '--site-primary',
  secondary: '--site-secondary',
  accent: '--site-accent',
  background: '--site-background',
  surface: '--site-surface',
  text: '--site-text',
  textMuted: '--site-text-muted',
  border: '--site-border',
};

/** Checked colours (they end up in a <style>): anything but #RRGGBB becomes the fallback. */
function safeColors(colors: Colors): Colors {
  return {
    primary: cssColor(colors.primary, '#0f766e'),
    secondary: cssColor(colors.secondary, '#1e293b'),
    accent: cssColor(colors.accent, '#b45309'),
    background: cssColor(colors.background, '#f8fafc'),
    surface: cssColor(colors.surface, '#ffffff'),
    text: cssColor(colors.text, '#0f172a'),
    textMuted: cssColor(colors.textMuted, '#475569'),
    border: cssColor(colors.border, '#e2e8f0'),
  };
}

function paletteDeclarations(palette: Palette, strong: Pick<Colors, 'primary' | 'accent'>): string {
  const vars = (Object.keys(VAR_NAMES) as (keyof Colors)[]).map((k) => `${VAR_NAMES[k]}:${palette[k]}`);
  vars.push(`--site-primary-strong:${strong.primary}`, `--site-accent-strong:${strong.accent}`);
  return vars.join(';');
}

/**
 * The colour rules of the page's <head>: the light palette on :root and, for `dark` and `auto`,
 * the dark palette under the theme's selector. Fonts are added by the caller.
 */
export function themeCssText(config: Pick<SiteConfig, 'branding'>): string {
  const light = safeColors(config.branding.colors);
  const strong = { primary: light.primary, accent: light.accent };
  const dark = `${paletteDeclarations(darkPalette(light), strong)};color-scheme:dark`;
  const rules = [`:root{${paletteDeclarations(light, strong)}}`];
  if (config.branding.theme === 'dark') rules.push(`:root[data-theme="dark"]{${dark}}`);
  if (config.branding.theme === 'auto') {
    rules.push(':root[data-theme="auto"]{color-scheme:light dark}');
    rules.push(`@media (prefers-color-scheme: dark){:root[data-theme="auto"]{${dark}}}`);
  }
  return rules.join('');
}

/** The logo for the theme: `logo.dark` in dark theme (and in auto, for a dark system setting). */
export function logoSources(config: Pick<SiteConfig, 'branding'>): {
  src: string;
  /** auto: the dark logo as a <source media="(prefers-color-scheme: dark)">. */
  darkSource: string | null;
} {
  const { logo, theme } = config.branding;
  if (theme === 'dark') return { src: logo.dark ?? logo.light, darkSource: null };
  if (theme === 'auto' && logo.dark) return { src: logo.light, darkSource: logo.dark };
  return { src: logo.light, darkSource: null };
}
