/**
 * The Vite plugin that turns off Vite's preloading of a dynamic import's dependencies in the
 * browser build (`build.modulePreload: false`; Astro sets its own value, so the option has to
 * be set on the client environment, after Astro's config).
 *
 * With preloading, every `import()` goes through a helper that looks up and appends a
 * `<link rel="modulepreload">` for each dependency of the imported chunk (37 for the search
 * results view), most of them modules the page already runs. Measured with Lighthouse (mobile,
 * 5 interleaved runs each, docs/performance.md): total blocking time on /search?q=brickplay went
 * from 16–143 ms (median 80) to 0–16 ms (median 10), on /coupons from 7–126 ms (median 61) to
 * 3–17 ms (median 7); LCP did not move. A dynamic import now fetches its chunk, and the browser
 * then fetches the chunk's own imports that are not loaded yet.
 *
 * Every call then passes an empty dependency list, so the helper module itself is replaced by a
 * pass-through (issue 43 point 2: JavaScript before input under gzip); a lazily loaded chunk with
 * CSS of its own, the one case Vite would still list, stops the build.
 */
import type { Plugin } from 'vite';

/** Vite's virtual module with the helper every browser `import()` goes through. */
export const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';
/** With preloading off, each call passes no dependency: the helper only runs the import. */
export const PASS_THROUGH_HELPER = 'export const __vitePreload = (load) => load();';

export function noModulePreload(): Plugin {
  return {
    name: 'no-module-preload',
    enforce: 'pre',
    configEnvironment: (name) => (name === 'client' ? { build: { modulePreload: false } } : undefined),
    // Vite's own helper (3.4 KB before minifying, 0.7 KB gzip in page-chrome's chunk, fetched on
    // every page) would look up `<link>`s for dependencies no call passes (issue 43 point 2).
    load(id) {
      return id === PRELOAD_HELPER_ID && this.environment.name === 'client' ? PASS_THROUGH_HELPER : null;
    },
    // The one dependency Vite would still hand the helper is a lazily loaded chunk's CSS: stop
    // the build rather than load such a chunk without its styles.
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      const styled = lazyChunksWithCss(Object.values(bundle));
      if (styled.length > 0)
        this.error(
          `no-module-preload: lazily loaded chunks import CSS the pass-through helper would not load: ${styled.join(', ')}`,
        );
    },
  };
}

interface OutputLike {
  type: string;
  fileName: string;
  isDynamicEntry?: boolean;
  viteMetadata?: { importedCss: Set<string> };
}

/** Chunks loaded by `import()` that carry CSS of their own (their file names). */
export function lazyChunksWithCss(outputs: readonly OutputLike[]): string[] {
  return outputs
    .filter((o) => o.type === 'chunk' && o.isDynamicEntry === true && (o.viteMetadata?.importedCss.size ?? 0) > 0)
    .map((o) => o.fileName);
}
