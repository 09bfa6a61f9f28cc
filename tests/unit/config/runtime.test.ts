import { describe, expect, it } from 'vitest';
import { cssVariables, fontVariablesText } from '../../../src/config/runtime.ts';
import type { SiteConfig } from '../../../src/config/schema.ts';
import { themeCssText } from '../../../src/config/theme.ts';
import { validateSiteConfig } from '../../../src/config/validate.ts';
import { defaultConfig } from './helpers.ts';

function builtIn(): SiteConfig {
  const r = validateSiteConfig(defaultConfig());
  if (!r.ok) throw new Error('default config invalid');
  return r.config;
}

describe('site colours and fonts', () => {
  it('turns colours and fonts into CSS variables', () => {
    const vars = cssVariables(builtIn());
    expect(vars['--site-primary']).toBe('#0f766e');
    expect(vars['--site-font-body']).toMatch(/^'Inter Variable'/);
    expect(Object.keys(vars).filter((k) => k.startsWith('--site-')).length).toBe(10);
  });

  it("writes each of the page's colours and fonts once in its <style> (fonts, then the theme's palette)", () => {
    const css = fontVariablesText(builtIn()) + themeCssText(builtIn());
    for (const name of Object.keys(cssVariables(builtIn())))
      expect(css.match(new RegExp(`${name}:`, 'g')), name).toHaveLength(1);
    expect(css).toContain("--site-font-body:'Inter Variable', 'Inter Variable Fallback'");
  });
});
