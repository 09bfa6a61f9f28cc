/**
 * Listing HTML at most 90 KB (issue 31): the page's island data (the offers and strings of
 * `<script type="application/json" id="page-data">`, src/page-data/) is what only the
 * islands need, and the cards already show it. After the build, each page's data text moves
 * into `/_astro/page-data.<hash>.json` (named by its content: cached for good, one file for
 * pages with the same data) and the element stays, empty, with the file's address in
 * `data-src`, followed by the loader that fetches it and holds the islands' hydration until it is
 * there (src/page-data/load.ts). The islands keep their directives (`client:idle`, …).
 *
 * A page keeps its data inline when an island comes before the data element (its directive may
 * have started before the loader). Static sites only (astro.config.mjs): an edge site's Worker
 * renders pages on demand without this pass, and a page must be the same HTML whichever way it
 * was made.
 */
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGE_DATA_ID } from '../../../src/page-data/held.ts';
import { PAGE_DATA_SRC, pageDataLoaderScript } from '../../../src/page-data/load.ts';
import { rewriteHtmlFiles } from './html-fixes.ts';

const SCRIPT = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">([\\s\\S]*?)</script>`);

/** The data file's name for this text. */
export function pageDataFileName(text: string): string {
  return `page-data.${createHash('sha256').update(text).digest('hex').slice(0, 16)}.json`;
}

/**
 * The page without its inline data (the loader in its place), and the file to write (its name and
 * text); the page as it is (file null) when it has no inline data or an island comes before it.
 */
export function movePageData(
  html: string,
  assetsPath = '/_astro/',
): { html: string; file: { name: string; text: string } | null } {
  const m = SCRIPT.exec(html);
  if (!m?.[1]) return { html, file: null };
  const firstIsland = html.indexOf('<astro-island');
  if (firstIsland >= 0 && firstIsland < m.index) return { html, file: null };
  // The script's text as the browser reads it: the build escaped `<` only, so it is the JSON itself.
  const text = m[1];
  const name = pageDataFileName(text);
  const empty = `<script type="application/json" id="${PAGE_DATA_ID}" ${PAGE_DATA_SRC}="${assetsPath}${name}"></script><script>${pageDataLoaderScript()}</script>`;
  return { html: html.slice(0, m.index) + empty + html.slice(m.index + m[0].length), file: { name, text } };
}

/** Moves the data of every page under `dir` into `<dir>/_astro/`; returns how many pages changed and files written. */
export async function movePageDataInSite(dir: string, assets = '_astro'): Promise<{ pages: number; files: number }> {
  const written = new Set<string>();
  const pages = await rewriteHtmlFiles(dir, async (html) => {
    const out = movePageData(html, `/${assets}/`);
    if (out.file && !written.has(out.file.name)) {
      await writeFile(join(dir, assets, out.file.name), out.file.text);
      written.add(out.file.name);
    }
    return out.html;
  });
  return { pages, files: written.size };
}

/** The Astro integration (static sites): runs `movePageDataInSite` when the build is done. */
export function pageDataFiles() {
  let assets = '_astro';
  return {
    name: 'page-data-files',
    hooks: {
      'astro:config:done': ({ config }: { config: { build: { assets: string } } }) => {
        assets = config.build.assets;
      },
      'astro:build:done': async ({ dir, logger }: { dir: URL; logger: { info(message: string): void } }) => {
        const { pages, files } = await movePageDataInSite(fileURLToPath(dir), assets);
        logger.info(`island data moved into ${files} files under /${assets}/: ${pages} pages`);
      },
    },
  };
}
