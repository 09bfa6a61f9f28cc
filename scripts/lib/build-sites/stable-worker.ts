/**
 * Same catalog, same bytes — for the Worker too (issue 42). Astro writes the list of the site's
 * static files into the Worker's manifest (`"assets":[…]` in server/chunks/entrypoints_*.mjs) in
 * the order its image pipeline finished them, which differs from build to build; sorted here, so
 * an unchanged site gives an unchanged Worker (and a cycle does not purge everything for it).
 * The list is a set to Astro (it asks whether a path is a static file); its order means nothing.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ASSETS = /"assets":(\[(?:"(?:[^"\\]|\\.)*",?)*\])/g;

/** `code` with every `"assets":[…]` list of strings sorted. */
export function sortAssetLists(code: string): string {
  return code.replace(ASSETS, (_, list: string) => `"assets":${JSON.stringify((JSON.parse(list) as string[]).sort())}`);
}

/** Sorts the asset lists of the Worker's chunks in `<out>/server`; returns the files rewritten. */
export function stabilizeWorker(out: string): number {
  const dir = join(out, 'server', 'chunks');
  if (!existsSync(dir)) return 0;
  let n = 0;
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.mjs'))) {
    const file = join(dir, name);
    const code = readFileSync(file, 'utf8');
    if (!code.includes('"assets":[')) continue;
    const sorted = sortAssetLists(code);
    if (sorted !== code) {
      writeFileSync(file, sorted);
      n++;
    }
  }
  return n;
}
