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
 * A group of its own, ahead of `islandChunks` (astro.config.mjs): the groups take their modules'
 * dependencies with them, so the clock labels' modules must be taken before `app` takes them.
 */
export const clockChunk = {
  name(id: string, ctx: ChunkingContextLike): string | null {
    // Shared with an island only: the script's own module stays in its entry chunk (the search
    // page, which has no clock labels, then fetches none of it).
    if (CLOCK_SCRIPT.test(id) || rootsOf(id, ctx, CLOCK_SCRIPT).size === 0) return null;
    return rootsOf(id, ctx, EAGER_ISLANDS).size > 0 ? 'clock' : null;
  },
};
