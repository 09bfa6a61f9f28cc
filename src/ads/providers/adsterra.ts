/**
 * Adsterra (direct network), one unit per platform entry (SPEC §3 "Direct-network ad config").
 * - banner: `atOptions = { key, format: 'iframe', height, width, params }` then
 *   `//<host>/<key>/invoke.js`. atOptions is one global read when invoke.js runs, so each banner
 *   gets its own document: a sandboxed iframe (srcdoc) of the banner's size — no race between
 *   banners, and the network's code never touches our page.
 * - native: `<div id="container-<key>">` filled by its invoke.js, in the same kind of iframe,
 *   sized to the slot (so a reopened modal gets a fresh container every time).
 * - script, popunder, redirect: one script per page with no slot (`loadPageUnit`), never with
 *   AdSense (the site config rejects that combination).
 * The frame reports whether invoke.js loaded; no answer within 3 s counts as a failure. The frame
 * runs one constant inline script (the unit's options are data in the document), allowed by its
 * hash in the deploy CSP the frame inherits.
 * Errors: "Failed to load Adsterra {type} ad".
 */
import { SCRIPT_TIMEOUT_MS } from '../core/loader.ts';
import { type AdsterraUnit, adsterraScriptUrl } from '../core/registry.ts';
import type { AdProvider, AdSize, ProviderContext } from './types.ts';

export const adsterraError = (type: string) => `Failed to load Adsterra ${type} ad`;

/** The largest configured banner that fits in `size`. */
export function pickBanner(units: readonly AdsterraUnit[], size: AdSize): AdsterraUnit | undefined {
  return units
    .filter((u) => u.type === 'banner' && (u.width ?? 0) <= size.width && (u.height ?? 0) <= size.height)
    .sort((a, b) => (b.width ?? 0) * (b.height ?? 0) - (a.width ?? 0) * (a.height ?? 0))[0];
}

/** Natives need a box at least this high (a 468x60 strip gets the banner only). */
export const NATIVE_MIN_HEIGHT = 90;

export function pickNative(units: readonly AdsterraUnit[], size: AdSize): AdsterraUnit | undefined {
  return size.height >= NATIVE_MIN_HEIGHT ? units.find((u) => u.type === 'native') : undefined;
}

/** The message the frame's script posts to the page (the page matches it by its source window). */
export const ADSTERRA_FRAME_MESSAGE = 'adsterraFrame';

/**
 * The frame's one inline script, the same for every unit, so the deploy headers allow it by one
 * hash (a srcdoc frame inherits the page's Content-Security-Policy; scripts/lib/deploy/headers.ts):
 * notes a failed script load, sets atOptions from the document's `<meta name="at-options">`
 * (banner), and once the document is parsed (invoke.js has run or failed) tells the parent.
 */
export const ADSTERRA_FRAME_SCRIPT =
  "var adFailed=false;addEventListener('error',function(e){if(e.target&&e.target.tagName==='SCRIPT')adFailed=true},true);" +
  'var m=document.querySelector(\'meta[name="at-options"]\');if(m)window.atOptions=JSON.parse(m.content);' +
  `document.addEventListener('DOMContentLoaded',function(){parent.postMessage({${ADSTERRA_FRAME_MESSAGE}:true,ok:!adFailed},'*')})`;

const attr = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The iframe document for one unit: the banner's atOptions as data (a meta element, never
 * script text), the frame script, the native container, the network's invoke.js.
 */
export function adsterraFrameDoc(unit: AdsterraUnit, scriptUrl: string): string {
  const options =
    unit.type === 'banner'
      ? `<meta name="at-options" content="${attr(JSON.stringify({ key: unit.key, format: unit.format, height: unit.height, width: unit.width, params: unit.params }))}">`
      : '';
  const container = unit.type === 'native' ? `<div id="container-${unit.key}"></div>` : '';
  return [
    `<!doctype html><html><head><meta charset="utf-8">${options}<style>html,body{margin:0;padding:0;overflow:hidden;background:transparent}</style></head><body>`,
    `<script>${ADSTERRA_FRAME_SCRIPT}</script>`,
    container,
    `<script data-cfasync="false" src="${attr(scriptUrl)}"></script>`,
    '</body></html>',
  ].join('');
}

export const adsterraProvider: AdProvider = {
  platform: 'adsterra',
  supports(kind, size, registry) {
    const units = registry.adsterraSlotUnits;
    return kind === 'banner' ? pickBanner(units, size) !== undefined : pickNative(units, size) !== undefined;
  },
  async preload(ctx: ProviderContext) {
    const hosts = [...new Set(ctx.registry.adsterraSlotUnits.map((u) => `https://${u.host}`))];
    ctx.loader.preconnect(hosts);
  },
  async render(container, slot, ctx, signal) {
    const units = ctx.registry.adsterraSlotUnits;
    const unit = slot.kind === 'banner' ? pickBanner(units, slot.size) : pickNative(units, slot.size);
    const type = slot.kind === 'banner' ? 'banner' : 'native';
    if (!unit) throw new Error(adsterraError(type));
    const url = ctx.loader.check('adsterra', adsterraScriptUrl(unit));
    if (ctx.consent().status !== 'granted') throw new Error(adsterraError(type));
    const size =
      unit.type === 'banner'
        ? { width: unit.width ?? slot.size.width, height: unit.height ?? slot.size.height }
        : slot.size;
    const frame = ctx.doc.createElement('iframe');
    frame.title = 'Advertisement';
    frame.width = String(size.width);
    frame.height = String(size.height);
    frame.setAttribute('scrolling', 'no');
    frame.setAttribute('sandbox', 'allow-scripts allow-popups allow-popups-to-escape-sandbox');
    frame.style.cssText = `border:0;display:block;width:${size.width}px;max-width:100%;height:${size.height}px`;
    frame.srcdoc = adsterraFrameDoc(unit, url);
    const started = ctx.now();
    const ok = await new Promise<boolean>((resolve) => {
      const done = (v: boolean) => {
        ctx.win.removeEventListener('message', onMessage);
        clearTimeout(timer);
        resolve(v);
      };
      const onMessage = (e: MessageEvent) => {
        // The frame's own window: another frame's (or a nested creative's) message cannot answer for it.
        const data = e.data as { [ADSTERRA_FRAME_MESSAGE]?: unknown; ok?: unknown } | null;
        if (e.source === frame.contentWindow && data?.[ADSTERRA_FRAME_MESSAGE] === true) done(data.ok === true);
      };
      const timer = setTimeout(() => {
        ctx.bus.emit('timed-out', {
          platform: 'adsterra',
          slotId: slot.id,
          position: slot.position,
          at: ctx.now(),
          url,
          timeoutMs: SCRIPT_TIMEOUT_MS,
        });
        done(false);
      }, SCRIPT_TIMEOUT_MS);
      signal.addEventListener('abort', () => done(false), { once: true });
      ctx.win.addEventListener('message', onMessage);
      container.appendChild(frame);
    });
    ctx.loader.record('adsterra', ok, ctx.now() - started);
    if (!ok) {
      frame.remove();
      throw new Error(adsterraError(unit.type));
    }
    return { element: frame, size, filled: Promise.resolve(true), dispose: () => frame.remove() };
  },
};

/** A script, popunder or redirect unit: its invoke.js once on the page (no slot). */
export async function loadPageUnit(unit: AdsterraUnit, ctx: ProviderContext): Promise<void> {
  try {
    await ctx.loader.load(`adsterra:${unit.key}`, adsterraScriptUrl(unit), { attributes: { 'data-cfasync': 'false' } });
  } catch (err) {
    throw new Error(adsterraError(unit.type), { cause: err });
  }
}
