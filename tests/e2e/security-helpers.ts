/**
 * Shared traps for the security browser suites (issue 16): dialogs and script execution, a request
 * log, the tabs a page opens, and a scan of the DOM for markup that came from data.
 */
import { type BrowserContext, expect, type Page, type Request } from '@playwright/test';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export type Guard = {
  /** alert/confirm/prompt/print calls and real dialogs, by their message. */
  executed: string[];
  /** Requests that left this machine from a page of the site (not a new tab's own document). */
  offsite: string[];
  /** Every address a new tab or window.open was asked to show. */
  opened: string[];
  /** Uncaught errors in the site's pages. */
  errors: string[];
  /** Everything the pages asked for, for the report. */
  requests: Request[];
};

/**
 * Arms a browser context: dialog and script traps in every frame, a request log, and routes that
 * answer store links (*.example, opened in new tabs) with a stub and block evil.example.
 */
export async function guard(context: BrowserContext): Promise<Guard> {
  const g: Guard = { executed: [], offsite: [], opened: [], errors: [], requests: [] };
  await context.addInitScript(() => {
    const report = (what: string) => console.error(`XSS-TRAP ${what}`);
    for (const name of ['alert', 'confirm', 'prompt', 'print'] as const) {
      Object.defineProperty(window, name, {
        value: (...args: unknown[]) => {
          report(`${name}(${String(args[0])})`);
          return null;
        },
        configurable: false,
      });
    }
    const open = window.open.bind(window);
    window.open = (url?: string | URL, ...rest: [string?, string?]) => {
      console.info(`OPEN-TRAP ${String(url)}`);
      return open(url, ...rest);
    };
  });
  const watch = (page: Page) => {
    page.on('dialog', (d) => {
      g.executed.push(`dialog ${d.type()}: ${d.message()}`);
      void d.dismiss().catch(() => undefined);
    });
    page.on('console', (m) => {
      const text = m.text();
      if (text.startsWith('XSS-TRAP ')) g.executed.push(text.slice(9));
      if (text.startsWith('OPEN-TRAP ')) g.opened.push(text.slice(10));
    });
    page.on('pageerror', (e) => g.errors.push(`${page.url()}: ${e.message}`));
    page.on('popup', (p) => {
      g.opened.push(p.url());
      p.on('framenavigated', (f) => {
        if (f === p.mainFrame() && f.url() !== 'about:blank') g.opened.push(f.url());
      });
    });
  };
  context.on('page', watch);
  for (const p of context.pages()) watch(p);
  context.on('request', (r) => {
    g.requests.push(r);
    const url = new URL(r.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') {
      if (r.resourceType() !== 'image' && r.resourceType() !== 'font')
        g.offsite.push(`${r.resourceType()} ${r.url().slice(0, 80)}`);
      return;
    }
    if (LOCAL_HOSTS.has(url.hostname)) return;
    // A store opened in a new tab loads its own document: that is the point of the link.
    let isNewTabDocument = false;
    if (r.isNavigationRequest()) {
      try {
        isNewTabDocument = r.frame().page() !== context.pages()[0];
      } catch {
        isNewTabDocument = true; // the request of a tab being created has no frame yet
      }
    }
    if (!isNewTabDocument) g.offsite.push(`${r.resourceType()} ${r.url()}`);
  });
  await context.route(/^https?:\/\/[^/]*evil\.example(?::\d+)?\//, (route) => route.abort());
  await context.route(/^https:\/\/[^/]+\.example\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>store</title>store' }),
  );
  return g;
}

/** Nothing ran, nothing left the machine, every opened address was http(s), no page crashed. */
export function expectClean(g: Guard): void {
  expect(g.executed, 'script from data ran').toEqual([]);
  expect(g.offsite, 'off-site requests from the site').toEqual([]);
  expect(
    g.opened.filter((u) => u !== 'about:blank' && !/^https?:\/\//i.test(u)),
    'tabs opened with something other than http(s)',
  ).toEqual([]);
  expect(g.errors, 'uncaught page errors').toEqual([]);
}

/**
 * Markup that could only come from data: event-handler attributes, scripts carrying a payload,
 * frames, links and images with a non-http(s) address, url() in a style attribute.
 */
export async function domFindings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll('*')) {
      for (const attr of el.getAttributeNames())
        if (attr.toLowerCase().startsWith('on')) out.push(`${el.tagName} ${attr}=${el.getAttribute(attr)}`);
      const style = el.getAttribute('style');
      if (style && /url\(|expression\(|;\s*position\s*:\s*fixed/i.test(style)) out.push(`${el.tagName} style=${style}`);
    }
    for (const s of document.querySelectorAll('script')) {
      if (s.type === 'application/ld+json' || s.type === 'application/json') continue;
      if (/xss-|evil\.example/.test(s.textContent ?? '')) out.push(`script ${s.textContent?.slice(0, 80)}`);
    }
    for (const f of document.querySelectorAll('iframe, object, embed'))
      out.push(`${f.tagName} ${f.outerHTML.slice(0, 80)}`);
    const okProtocol = (v: string, also: string[] = []) => {
      try {
        return ['http:', 'https:', ...also].includes(new URL(v, location.href).protocol);
      } catch {
        return false;
      }
    };
    for (const a of document.querySelectorAll<HTMLAnchorElement>('a[href]'))
      if (!okProtocol(a.getAttribute('href')!, ['mailto:'])) out.push(`a href=${a.getAttribute('href')}`);
    for (const img of document.querySelectorAll<HTMLImageElement>('img[src]'))
      if (!okProtocol(img.getAttribute('src')!)) out.push(`img src=${img.getAttribute('src')}`);
    for (const link of document.querySelectorAll<HTMLLinkElement>('link[href]'))
      if (!okProtocol(link.getAttribute('href')!)) out.push(`link href=${link.getAttribute('href')}`);
    return out;
  });
}

/** The page shows `text` literally (as text, not as markup). */
export async function expectLiteral(page: Page, text: string): Promise<void> {
  await expect(page.getByText(text, { exact: false }).first()).toBeAttached();
}

/**
 * Scrolls every `client:visible` island into view once, so it hydrates, then back to the top.
 * First waits for Astro's island runtime: on a large page it comes from a file started after the
 * first paint (scripts/lib/build-sites/island-boot.ts), and an island seen before it is there
 * hydrates only when seen again.
 */
export async function showEveryIsland(page: Page): Promise<void> {
  await page.evaluate(async () => {
    if (document.querySelector('astro-island[client="visible"][ssr]')) await customElements.whenDefined('astro-island');
    for (const island of document.querySelectorAll('astro-island[client="visible"][ssr]')) {
      (island.firstElementChild ?? island).scrollIntoView();
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }
    window.scrollTo(0, 0);
  });
}
