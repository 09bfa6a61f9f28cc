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
 */
import type { Plugin } from 'vite';

export function noModulePreload(): Plugin {
  return {
    name: 'no-module-preload',
    configEnvironment: (name) => (name === 'client' ? { build: { modulePreload: false } } : undefined),
  };
}
