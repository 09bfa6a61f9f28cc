import { describe, expect, it } from 'vitest';
import {
  lazyChunksWithCss,
  noModulePreload,
  PASS_THROUGH_HELPER,
  PRELOAD_HELPER_ID,
} from '../../../src/astro/no-module-preload.ts';

const chunk = (fileName: string, isDynamicEntry: boolean, css: string[] = []) => ({
  type: 'chunk',
  fileName,
  isDynamicEntry,
  viteMetadata: { importedCss: new Set(css) },
});

describe('the pass-through preload helper (issue 43 point 2)', () => {
  it('replaces Vite’s helper module in the browser build only', () => {
    const plugin = noModulePreload();
    const load = plugin.load as (this: { environment: { name: string } }, id: string) => string | null;
    expect(load.call({ environment: { name: 'client' } }, PRELOAD_HELPER_ID)).toBe(PASS_THROUGH_HELPER);
    expect(load.call({ environment: { name: 'ssr' } }, PRELOAD_HELPER_ID)).toBeNull();
    expect(load.call({ environment: { name: 'client' } }, '/src/page-chrome/page-chrome.ts')).toBeNull();
  });

  it('names a lazily loaded chunk with CSS of its own, which the helper would load without its styles', () => {
    const outputs = [
      chunk('_astro/CouponsListing.js', false, ['_astro/listing.css']),
      chunk('_astro/search.js', true),
      chunk('_astro/CodeModal.js', true, ['_astro/modal.css']),
      { type: 'asset', fileName: '_astro/site.css' },
    ];
    expect(lazyChunksWithCss(outputs)).toEqual(['_astro/CodeModal.js']);
    expect(lazyChunksWithCss(outputs.slice(0, 2))).toEqual([]);
  });
});
