import { describe, expect, it } from 'vitest';
import { cssVariables } from '../../../src/config/runtime.ts';
import type { SiteConfig } from '../../../src/config/schema.ts';
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
});
