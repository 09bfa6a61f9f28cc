/**
 * Build-time chunking of the islands' code (astro.config.mjs, rolldown `codeSplitting.groups`).
 * Left to itself the bundler splits the code shared by the islands into one small chunk per
 * combination of islands that share it: a listing page fetched 25–45 scripts before any
 * interaction. Instead:
 * - `app`: every module an eagerly hydrated listing island imports statically (EAGER_ISLANDS,
 *   the islands a page hydrates without input: client:painted or client:visible), one file;
 * - `search`: what only the search page's island and its results view (loaded with the first
 *   results) import, one file.
 * - `clock`: what the page's clock labels (the listings' script before input,
 *   src/page-chrome/clock-labels.ts) share with the islands: one small file, so the script never
 *   pulls `app` (and React's work) in before the first input.
 * - `page-shared`: what the other scripts that run before any input without React share with
 *   the islands: the ad runtime (src/ads/runtime.ts, loaded once consent allows ads: the grid's
 *   ad-preload seam, the site's runtime settings), the search page's query-in-the-boxes helper
 *   (src/page-chrome/search-query.ts) and the analytics loader. Likewise, so a visitor who
 *   accepted ads, or opens the search page, fetches no React before the first input either.
 * Modules only lazily loaded (the modals, the brands list before input, admin tools) keep the
 * bundler's own chunks. React has its own group (astro.config.mjs), ahead of these.
 */

/**
 * Islands pages hydrate without any input. The deals page's trending grid (DealGrid.tsx,
 * client:visible) is left out on purpose: counted as a root it splits the shared code further
 * (measured: deals, brand and category pages 1 script more, /search 2 more and 89.8 KB).
 */
export const EAGER_ISLANDS =
  /[\\/]src[\\/]components[\\/].*[\\/](HomeContent|CouponsListing|DealsListing|OfferList|SearchResults|ResultTabs)\.tsx$/;
/** The search page's island and its results view (imported with the first results): one island here. */
const SEARCH = /[\\/](SearchResults|ResultTabs)\.tsx$/;
/** The listings' clock-label script (an Astro page script of OfferSweep.astro). */
const CLOCK_SCRIPT = /OfferSweep\.astro\?astro&type=script/;
/**
 * Modules page scripts import before any input, islands or none, which must never pull React in:
 * the ad runtime (the ad boot imports it after consent), the page chrome's search-query helper
 * and the analytics loader. An island may import them too (then they are grouped, with what they
 * import that an island imports as well).
 */
const PAGE_SCRIPTS = /[\\/]src[\\/](ads[\\/]runtime|page-chrome[\\/]search-query|analytics[\\/]analytics)\.ts$/;

interface ModuleInfoLike {
  importers: readonly string[];
}
interface ChunkingContextLike {
  getModuleInfo(id: string): ModuleInfoLike | null;
}

/** The roots (modules matching `root`) that import `id`, statically and transitively. */
function rootsOf(
  id: string,
  ctx: ChunkingContextLike,
  root: RegExp,
  out = new Set<string>(),
  seen = new Set<string>(),
): Set<string> {
  if (seen.has(id)) return out;
  seen.add(id);
  if (root.test(id)) out.add(id);
  else for (const importer of ctx.getModuleInfo(id)?.importers ?? []) rootsOf(importer, ctx, root, out, seen);
  return out;
}

export const islandChunks = {
  /** rolldown group name function: the chunk a module belongs to, or null for the default. */
  name(id: string, ctx: ChunkingContextLike): string | null {
    // The island entries keep their own (small) chunks: Astro loads each by its URL.
    if (EAGER_ISLANDS.test(id)) return null;
    const islands = new Set([...rootsOf(id, ctx, EAGER_ISLANDS)].map((r) => (SEARCH.test(r) ? 'search' : r)));
    // Shared by two islands or more: the common chunk; one island's own code stays with it,
    // except the search page's, which is one chunk with its results view.
    if (islands.size >= 2) return 'app';
    if (islands.has('search')) return 'search';
    return null;
  },
};

/**
 * Groups of their own, ahead of `islandChunks` (astro.config.mjs): the groups take their modules'
 * dependencies with them, so what a script that runs before the first input shares with the
 * islands must be taken before `app` takes it. `clock` first: the listings load it anyway, so the
 * other page scripts may import it too; `page-shared` is what only they share with the islands.
 */
export const pageScriptChunks = {
  name(id: string, ctx: ChunkingContextLike): string | null {
    // The scripts' own modules stay in their entry chunks (the search page, which has no clock
    // labels, then fetches none of the clock's code); only what an island imports too is grouped.
    if (rootsOf(id, ctx, EAGER_ISLANDS).size === 0) return null;
    if (rootsOf(id, ctx, CLOCK_SCRIPT).size > 0) return 'clock';
    if (rootsOf(id, ctx, PAGE_SCRIPTS).size > 0) return 'page-shared';
    return null;
  },
};
