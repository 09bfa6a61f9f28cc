/**
 * The correction the build applies to every HTML page Astro writes (scripts/lib/build-sites/html-fixes.ts)
 * and an edge site's Worker applies to every page it renders on demand (src/edge/middleware.ts):
 * Astro's island `<style>` moved into <head>, the standard refresh syntax. Pure: no Node, no DOM.
 */
/** Astro's island style element (its text is Astro's fixed ISLAND_STYLES). */
const ISLAND_STYLE = /<style>astro-island,[^<]*<\/style>/g;
const REFRESH = /(<meta\s+http-equiv=["']?refresh["']?\s+content=["']?\d+);\s*url=/gi;
/** An island's props attribute in double quotes (its value holds no raw `"` nor `'`: Astro escapes both). */
const ISLAND_PROPS = /(<astro-island\b[^>]*?\sprops=)"([^"']*)"/g;
/** The JSON props of a search box (src/components/layout/SearchSlot.astro), escaped the same way. */
const DATA_PROPS = /(<div\b[^>]*?\sdata-props=)"([^"']*)"/g;

const singleQuoted = (_: string, start: string, value: string) => `${start}'${value.replaceAll('&quot;', '"')}'`;

/**
 * The page with the island style in <head>, a standard refresh meta and island (and search
 * box) props in single quotes (issue 31: each `&quot;` of the props JSON was 6 bytes). Unchanged when there is nothing to fix.
 */
export function fixBuiltHtml(html: string): string {
  let out = html.replace(REFRESH, '$1; url=').replace(ISLAND_PROPS, singleQuoted).replace(DATA_PROPS, singleQuoted);
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
