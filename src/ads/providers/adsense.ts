/**
 * Google AdSense (manual ad units) with AdSense's own markup:
 *   <script async crossorigin="anonymous"
 *           src="https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-…">
 *   <ins class="adsbygoogle" style="display:inline-block;width:300px;height:250px"
 *        data-ad-client="ca-pub-…" data-ad-slot="…" [data-adtest="on"]></ins>
 *   (adsbygoogle = window.adsbygoogle || []).push({})
 * - Consent: requestNonPersonalizedAds = 1 unless the visitor allowed personalized ads (with a
 *   TCF CMP Google reads the TC string itself); the script is requested only after a choice.
 * - The <ins> is created and pushed only once the slot is visible and has width, exactly once
 *   per element: a reopened modal gets a new element, so "already have ads in them" never
 *   comes from us — and if it does, it counts as loaded. Any other push error removes the
 *   unit and is reported (the slot moves on to the fallback).
 * - Fill status: AdSense marks the unit data-ad-status="filled" or "unfilled".
 */
import { adsenseScriptUrl } from '../core/registry.ts';
import { watchAttribute, whenVisibleWithWidth } from './dom.ts';
import type { AdProvider, ProviderContext } from './types.ts';

type AdsByGoogle = { push(o: object): void; requestNonPersonalizedAds?: number };
type WithAdsense = Window & { adsbygoogle?: AdsByGoogle | object[] };

export const ADSENSE_SCRIPT_ERROR = 'Failed to load AdSense script';
export const ALREADY_HAS_ADS = /already have ads in them/i;

const pushed = new WeakSet<Element>();

function queue(win: Window): AdsByGoogle {
  const w = win as WithAdsense;
  w.adsbygoogle = w.adsbygoogle || [];
  return w.adsbygoogle as AdsByGoogle;
}

async function loadScript(ctx: ProviderContext): Promise<void> {
  const unit = ctx.registry.adsense;
  if (!unit) throw new Error('No script URL for platform: adsense');
  const consent = ctx.consent();
  if (consent.source !== 'tcf') queue(ctx.win).requestNonPersonalizedAds = consent.personalized ? 0 : 1;
  try {
    await ctx.loader.load('adsense', adsenseScriptUrl(unit.publisherId), { crossOrigin: 'anonymous' });
  } catch (err) {
    throw new Error(ADSENSE_SCRIPT_ERROR, { cause: err });
  }
}

export const adsenseProvider: AdProvider = {
  platform: 'adsense',
  supports: (_kind, size, registry) => registry.adsense !== null && size.width > 0 && size.height > 0,
  preload: loadScript,
  async render(container, slot, ctx, signal) {
    const unit = ctx.registry.adsense;
    if (!unit) throw new Error('No script URL for platform: adsense');
    await loadScript(ctx);
    await whenVisibleWithWidth(container, ctx.win, signal);
    const { height } = slot.size;
    const width = Math.min(slot.size.width, container.clientWidth || slot.size.width);
    const ins = ctx.doc.createElement('ins');
    ins.className = 'adsbygoogle';
    ins.style.cssText =
      slot.kind === 'banner'
        ? `display:inline-block;width:${width}px;height:${height}px`
        : `display:block;width:${width}px;height:${height}px`;
    ins.setAttribute('data-ad-client', unit.publisherId);
    ins.setAttribute('data-ad-slot', unit.slot);
    if (slot.kind === 'generic') ins.setAttribute('data-ad-format', 'auto');
    if (unit.testMode) ins.setAttribute('data-adtest', 'on');
    container.appendChild(ins);
    if (!pushed.has(ins)) {
      pushed.add(ins);
      try {
        queue(ctx.win).push({});
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (!ALREADY_HAS_ADS.test(message)) {
          ins.remove();
          throw new Error(`AdSense push failed: ${message}`);
        }
      }
    }
    const status = watchAttribute(ins, 'data-ad-status', ctx.win);
    return {
      element: ins,
      size: { width, height },
      filled: status.value.then((v) => v !== 'unfilled'),
      dispose: () => {
        status.stop();
        ins.remove();
      },
    };
  },
};
