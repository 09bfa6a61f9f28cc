/**
 * Nothing but the HTML before the first paint (issue 31): a built page's stylesheet links and
 * module scripts start only once the browser has painted the page, from the HTML alone (its
 * used CSS is inline, ./critical-css.ts). Left in the markup, the browser's preload scanner
 * fetches them while the page is still being parsed; on a phone they share the first round trips
 * with the HTML and the web font the stylesheet names, and the paint waits on the connection.
 *
 * The page keeps their addresses as data (`<script type="application/json" id="after-paint">`)
 * and one inline script, the same on every page (one CSP hash), starts them after the first
 * contentful paint: the stylesheets first, then the module scripts once those have loaded (the
 * order the markup gave them: a script then finds every rule); the `boot` scripts (the island
 * runtime's file, ./island-boot.ts) start with the stylesheets, as Astro's inline runtime did. When the browser reports no paint
 * (a tab opened in the background), they start one second after the load event. Without
 * JavaScript the stylesheets load from a <noscript> copy of their links.
 */

/** Same-origin stylesheet links (Astro's, or moved to the end of <body> by ./critical-css.ts). */
const STYLESHEET_LINK = /<link\s+rel="?stylesheet"?\s+href="?(\/[^"\s>]+\.css)"?\s*\/?>/gi;
/** Astro's module scripts with a same-origin src (no inline code). */
const MODULE_SCRIPT = /<script\s+type="module"\s+src="(\/[^"\s>]+\.js)"\s*><\/script>/gi;

/**
 * The loader (ES5, so any browser parses it; ~600 bytes). It reads the addresses as data and
 * never evaluates them: only same-origin paths (starting with one "/") are started.
 */
export const AFTER_PAINT_LOADER = `(function(d,w){var e=d.getElementById("after-paint"),a,n=0;try{a=JSON.parse(e.textContent)}catch(x){return}function ok(u){return typeof u=="string"&&/^\\/(?!\\/)/.test(u)}function add(u){var s=d.createElement("script");s.type="module";s.src=u;d.body.appendChild(s)}function go(){if(n++)return;var c=(a.css||[]).filter(ok),j=(a.js||[]).filter(ok),k=c.length;(a.boot||[]).filter(ok).forEach(add);function run(){j.forEach(add)}if(!k)return run();c.forEach(function(u){var l=d.createElement("link");l.rel="stylesheet";l.href=u;l.onload=l.onerror=function(){if(!--k)run()};d.head.appendChild(l)})}try{new PerformanceObserver(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true})}catch(x){}w.addEventListener("load",function(){setTimeout(go,1000)})})(document,window)`;

/** What the page loads after its first paint. */
export interface AfterPaint {
  css: string[];
  js: string[];
  /**
   * Module scripts started at once, with the stylesheets rather than after them: the island
   * runtime's file (./island-boot.ts), so islands hydrate as soon as they did when it was inline.
   */
  boot?: string[];
}

/**
 * The page with its same-origin stylesheet links and module scripts started after the first
 * paint. Unchanged when it has none, or when it has been rewritten already.
 */
export function deferUntilPainted(html: string): string {
  if (html.includes('id="after-paint"')) return html;
  const found: AfterPaint = { css: [], js: [] };
  const links: string[] = [];
  let out = html.replace(STYLESHEET_LINK, (link, href: string) => {
    found.css.push(href);
    links.push(link);
    return '';
  });
  out = out.replace(MODULE_SCRIPT, (_, src: string) => {
    found.js.push(src);
    return '';
  });
  if (found.css.length === 0 && found.js.length === 0) return html;
  const data = JSON.stringify(found).replace(/</g, '\\u003c');
  const tail =
    (links.length ? `<noscript>${links.join('')}</noscript>` : '') +
    `<script type="application/json" id="after-paint">${data}</script><script>${AFTER_PAINT_LOADER}</script>`;
  const bodyEnd = out.lastIndexOf('</body>');
  return bodyEnd < 0 ? out + tail : out.slice(0, bodyEnd) + tail + out.slice(bodyEnd);
}

/** The module scripts listed in a page's after-paint data (its JSON text); none when unreadable. */
export function afterPaintScripts(json: string): string[] {
  try {
    const data = JSON.parse(json) as Partial<AfterPaint>;
    return [...(Array.isArray(data.boot) ? data.boot : []), ...(Array.isArray(data.js) ? data.js : [])].filter(
      (u): u is string => typeof u === 'string',
    );
  } catch {
    return [];
  }
}
