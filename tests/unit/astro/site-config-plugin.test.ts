/**
 * The browser's settings as two virtual modules (src/astro/site-config-plugin.ts): the ad settings
 * only in `virtual:site-ads`, so the listing islands' shared chunk (which imports
 * `virtual:site-runtime`) carries no ad unit, key or publisher id (issue 43: JS before input).
 */
import { describe, expect, it } from 'vitest';
import { siteConfigPlugin } from '../../../src/astro/site-config-plugin.ts';
import { loadSiteConfig } from '../../../src/config/load-file.ts';
import { siteRuntimeOf } from '../../../src/config/public.ts';

type Hook = (id: string) => string | undefined;

function moduleText(plugin: ReturnType<typeof siteConfigPlugin>, source: string): string {
  const resolved = (plugin.resolveId as unknown as Hook)(source);
  expect(resolved, source).toBe(`\0${source}`);
  const code = (plugin.load as unknown as Hook)(resolved as string);
  expect(code).toMatch(/^export default /);
  return code as string;
}

const exported = (code: string): unknown => JSON.parse(code.replace(/^export default /, '').replace(/;$/, ''));

describe('siteConfigPlugin', () => {
  const config = loadSiteConfig('default');
  const plugin = siteConfigPlugin(config);
  const runtime = siteRuntimeOf(config);

  it('serves the browser settings without the ads in virtual:site-runtime', () => {
    const { ads, ...rest } = runtime;
    const code = moduleText(plugin, 'virtual:site-runtime');
    expect(exported(code)).toEqual(rest);
    expect(code).not.toContain('"ads"');
    expect(code).not.toContain(ads.platforms.find((p) => p.platform === 'adsense')?.publisherId ?? 'ca-pub-');
  });

  it('serves the ad settings alone in virtual:site-ads', () => {
    expect(exported(moduleText(plugin, 'virtual:site-ads'))).toEqual(runtime.ads);
  });

  it("serves the clock labels' words in each of the site's languages, and only those keys", () => {
    const words = exported(moduleText(plugin, 'virtual:clock-words')) as Record<string, Record<string, object>>;
    expect(Object.keys(words).sort()).toEqual([...config.site.supportedLanguages].sort());
    expect(words.de?.offers).toMatchObject({ 'ends.hours_other': 'Endet in {{count}} Std.' });
    expect(Object.keys(words.en?.health ?? {}).sort()).toEqual(['card.justNow', 'card.lastWorked']);
  });

  it('leaves every other module to Vite', () => {
    expect((plugin.resolveId as unknown as Hook)('react')).toBeUndefined();
  });
});
