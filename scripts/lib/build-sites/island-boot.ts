/**
 * Listing HTML at most 90 KB (issue 31): Astro writes its island runtime (the `astro-island`
 * custom element, 4.3 KB) and each hydration directive it uses (`client:painted`,
 * `client:interaction`, …) as inline scripts into every page with an island, and the page-data
 * pass adds its loader (./page-data-files.ts): about 7 KB of the same text on every listing page,
 * read again on every page a shopper opens. None of it runs before the first paint: the islands'
 * code and data start after it (./after-paint.ts, src/astro/painted-directive.ts).
 *
 * After the build they leave the pages for one file, `/_astro/islands.<hash>.js` (named by its
 * content: cached for good, the same file for every page of the site), which the after-paint
 * loader starts at the first paint, alongside the stylesheet, as early as the inline runtime ran. Its order is the one the pages need: the page-data
 * loader first (it wraps the directives as they are set), then every directive the site's pages
 * use, then the runtime, which upgrades the islands already in the page. A directive a page does
 * not use only defines a function; the loader does nothing on a page without a data file.
 *
 * The file is a request and about 3.5 KB of JavaScript before any interaction (gzip), where
 * inline the same is 7 KB of HTML. So it is used only where that pays: on a large page
 * (BOOT_FILE_MIN_HTML: the listings, whose HTML must stay under issue 31's 90 KB, and the brands
 * directory), whether its islands hydrate without input or wait for the first one (the listings
 * with static data, src/page-models/listing-hydration.ts: a click that comes before the file is
 * held by the early-click script, which marks the island, and the directive hydrates a marked
 * island as soon as it starts). A small page keeps them inline (content pages; the search page:
 * 50 KB of HTML and 88 KB of JavaScript, near issue 31's 90 KB). A page is also left
 * as it is when it has no after-paint data (nothing would start the file) or its boot scripts are
 * not all recognised. Static sites only, like the other post-build passes: an
 * edge Worker renders pages on demand with Astro's inline scripts.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pageDataLoaderScript } from '../../../src/page-data/load.ts';
import { htmlFiles, rewriteHtmlFiles } from './html-fixes.ts';
import { minifyScript } from './inline-scripts.ts';

/** An inline classic script (no attributes) and its text. */
const BARE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;
const AFTER_PAINT = /(<script type="application\/json" id="after-paint">)([\s\S]*?)(<\/script>)/;
/** Astro's directive scripts: `(self.Astro||(self.Astro={})).<name>=…;window.dispatchEvent(new Event("astro:<name>"))`. */
const DIRECTIVE =
  /\(self\.Astro\s*\|\|\s*\(self\.Astro\s*=\s*\{\}\)\)(?:\.([A-Za-z]\w*)|\[["']([A-Za-z]\w*)["']\])\s*=/;
const RUNTIME_MARK = /customElements\.define\(\s*["']astro-island["']/;

type Kind = { kind: 'loader' } | { kind: 'directive'; name: string } | { kind: 'runtime' };

/** What a bare inline script is, when it is one of the island boot scripts. */
export function bootScriptKind(text: string): Kind | null {
  if (text === pageDataLoaderScript()) return { kind: 'loader' };
  if (RUNTIME_MARK.test(text)) return { kind: 'runtime' };
  const m = DIRECTIVE.exec(text);
  if (m && /dispatchEvent\(\s*new Event\(/.test(text)) return { kind: 'directive', name: (m[1] ?? m[2]) as string };
  return null;
}

/** The boot scripts a site's pages hold, in the order the file runs them. */
export class BootScripts {
  loader: string | null = null;
  readonly directives = new Map<string, string>();
  runtime: string | null = null;

  /** Records the boot scripts of one page. */
  add(html: string): void {
    for (const [, text = ''] of html.matchAll(BARE_SCRIPT)) {
      const kind = bootScriptKind(text);
      if (kind?.kind === 'loader') this.loader = text;
      else if (kind?.kind === 'runtime') this.runtime ??= text;
      else if (kind?.kind === 'directive' && !this.directives.has(kind.name)) this.directives.set(kind.name, text);
    }
  }

  /** The file's text: the loader, the directives (by name), the runtime; null without a runtime. */
  text(): string | null {
    if (!this.runtime) return null;
    const directives = [...this.directives].sort(([a], [b]) => a.localeCompare(b)).map(([, text]) => text);
    const parts = [...(this.loader ? [this.loader] : []), ...directives, this.runtime];
    // Each is a self-contained expression statement (an IIFE): `;` keeps them apart.
    return parts.map((p) => p.trim().replace(/;?$/, ';')).join('\n');
  }
}

/** Pages of at least this many bytes (boot scripts included) load them from the file. */
export const BOOT_FILE_MIN_HTML = 64 * 1024;
/** A page with an island (a page without one has no boot scripts to move). */
const ISLAND = /<astro-island\b/;

/** The file's name for this text. */
export function islandBootFileName(text: string): string {
  return `islands.${createHash('sha256').update(text).digest('hex').slice(0, 16)}.js`;
}

/**
 * The page without its island boot scripts, the file's address in its after-paint `boot` scripts
 * (started at the first paint, with the stylesheet: ./after-paint.ts).
 * Unchanged when it is under `minBytes` or has no island, has no
 * after-paint data or no runtime script, or when one of its boot scripts is not in `known` (the
 * file would not define it).
 */
export function moveIslandBoot(html: string, url: string, known: BootScripts, minBytes = BOOT_FILE_MIN_HTML): string {
  if (Buffer.byteLength(html) < minBytes || !ISLAND.test(html)) return html;
  const after = AFTER_PAINT.exec(html);
  if (!after) return html;
  let found = false;
  let unknown = false;
  const out = html.replace(BARE_SCRIPT, (whole, text: string) => {
    const kind = bootScriptKind(text);
    if (!kind) return whole;
    const same =
      (kind.kind === 'loader' && text === known.loader) ||
      (kind.kind === 'runtime' && text === known.runtime) ||
      (kind.kind === 'directive' && text === known.directives.get(kind.name));
    if (!same) unknown = true;
    if (kind.kind === 'runtime') found = true;
    return '';
  });
  if (!found || unknown) return html;
  const m = AFTER_PAINT.exec(out);
  if (!m) return html;
  let data: { boot?: unknown };
  try {
    data = JSON.parse(m[2] as string) as { boot?: unknown };
  } catch {
    return html;
  }
  const boot = Array.isArray(data.boot) ? data.boot : [];
  const next = JSON.stringify({ ...data, boot: [url, ...boot.filter((u) => u !== url)] }).replace(/</g, '\\u003c');
  return out.slice(0, m.index) + m[1] + next + m[3] + out.slice(m.index + m[0].length);
}

/** Moves the island boot scripts of every page under `dir` into one file under `<dir>/<assets>/`. */
export async function moveIslandBootInSite(
  dir: string,
  assets = '_astro',
): Promise<{ pages: number; file: string | null; bytes: number }> {
  const known = new BootScripts();
  // One page at a time: a large site's pages need not all be in memory at once.
  for (const file of await htmlFiles(dir)) known.add(await readFile(file, 'utf8'));
  const text = known.text();
  if (!text) return { pages: 0, file: null, bytes: 0 };
  const code = minifyScript(text, true);
  const name = islandBootFileName(code);
  await writeFile(join(dir, assets, name), code);
  const url = `/${assets}/${name}`;
  const pages = await rewriteHtmlFiles(dir, (html) => moveIslandBoot(html, url, known));
  return { pages, file: name, bytes: Buffer.byteLength(code) };
}

/** The Astro integration (static sites): runs `moveIslandBootInSite` when the build is done. */
export function islandBoot() {
  let assets = '_astro';
  return {
    name: 'island-boot',
    hooks: {
      'astro:config:done': ({ config }: { config: { build: { assets: string } } }) => {
        assets = config.build.assets;
      },
      'astro:build:done': async ({ dir, logger }: { dir: URL; logger: { info(message: string): void } }) => {
        const { pages, file, bytes } = await moveIslandBootInSite(fileURLToPath(dir), assets);
        logger.info(
          file
            ? `island runtime, directives and data loader moved into /${assets}/${file} (${bytes} bytes): ${pages} pages`
            : 'no island runtime to move',
        );
      },
    },
  };
}
