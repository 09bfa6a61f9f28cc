/**
 * The correction the build applies to every HTML page Astro writes (scripts/lib/build-sites/html-fixes.ts)
 * and an edge site's Worker applies to every page it renders on demand (src/edge/middleware.ts):
 * Astro's island `<style>` moved into <head>, the standard refresh syntax. Pure: no Node, no DOM.
 */
/** Astro's island style element (its text is Astro's fixed ISLAND_STYLES). */
const ISLAND_STYLE = /<style>astro-island,[^<]*<\/style>/g;
const REFRESH = /(<meta\s+http-equiv=["']?refresh["']?\s+content=["']?\d+);\s*url=/gi;

/** The page with the island style in <head> and a standard refresh meta. Unchanged when there is nothing to fix. */
export function fixBuiltHtml(html: string): string {
  let out = html.replace(REFRESH, '$1; url=');
  const styles = out.match(ISLAND_STYLE);
  if (!styles) return out;
  const headEnd = out.search(/<\/head>/i);
  const bodyStart = out.search(/<body[\s>]/i);
  const at = headEnd >= 0 ? headEnd : bodyStart;
  if (at < 0) return out;
  const style = styles[0];
  // Only the copies after the insertion point are in <body>; a copy already in <head> stays.
  const before = out.slice(0, at);
  const after = out.slice(at).replace(ISLAND_STYLE, '');
  out = before.includes(style) ? before + after : before + style + after;
  return out;
}
