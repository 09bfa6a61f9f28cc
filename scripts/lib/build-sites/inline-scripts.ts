/**
 * Listing HTML at most 90 KB (issue 31): the page's inline scripts minified after the build.
 * Some are written from their TypeScript source with `Function.prototype.toString()` (the early
 * clicks of BaseLayout, the offer sweep, the consent reader: src/page-chrome/*.ts and src/storage/*.ts), which keeps their
 * indentation, comments' lines and long names; on every page that was about 2 KB. Each distinct
 * script text is minified once with Vite's own minifier (oxc, the one that minifies the client
 * chunks), top-level names kept (a classic script's top level is the page's global scope), and
 * kept only when shorter. JSON and JSON-LD scripts, and scripts with a `src`, are left alone.
 * The CSP hashes of `_headers` are computed from the pages afterwards (scripts/lib/deploy/headers.ts).
 * Static sites only (astro.config.mjs), like the other post-build passes.
 */
import { fileURLToPath } from 'node:url';
import { minifySync } from 'vite';
import { rewriteHtmlFiles } from './html-fixes.ts';

const INLINE_SCRIPT = /<script((?:\s+[a-z-]+(?:="[^"]*")?)*)>([\s\S]*?)<\/script>/g;

/** The minified text of a script (a module when `module`), or the text itself when that is not shorter or fails. */
export function minifyScript(text: string, module: boolean): string {
  try {
    const out = minifySync(module ? 'inline.mjs' : 'inline.js', text, {
      module,
      compress: true,
      mangle: { toplevel: false },
    });
    if (out.errors.length > 0) return text;
    const code = out.code.trim().replace(/;$/, '');
    return code.length < text.length ? code : text;
  } catch {
    return text;
  }
}

/** The page with its executable inline scripts minified (`cache`: text → minified, shared by the pages of a site). */
export function minifyInlineScripts(html: string, cache = new Map<string, string>()): string {
  return html.replace(INLINE_SCRIPT, (whole, attrs: string, text: string) => {
    if (/\ssrc=/.test(attrs) || !text.trim()) return whole;
    const type = /\stype="([^"]*)"/.exec(attrs)?.[1];
    if (type !== undefined && type !== 'module' && type !== 'text/javascript') return whole;
    let min = cache.get(text);
    if (min === undefined) {
      min = minifyScript(text, type === 'module');
      cache.set(text, min);
    }
    return `<script${attrs}>${min}</script>`;
  });
}

/** The Astro integration (static sites): minifies every page's inline scripts when the build is done. */
export function inlineScripts() {
  return {
    name: 'inline-scripts',
    hooks: {
      'astro:build:done': async ({ dir, logger }: { dir: URL; logger: { info(message: string): void } }) => {
        const cache = new Map<string, string>();
        const pages = await rewriteHtmlFiles(fileURLToPath(dir), (html) => minifyInlineScripts(html, cache));
        const saved = [...cache].reduce((n, [text, min]) => n + text.length - min.length, 0);
        logger.info(`${cache.size} distinct inline scripts minified (${saved} characters less in all), ${pages} pages`);
      },
    },
  };
}
