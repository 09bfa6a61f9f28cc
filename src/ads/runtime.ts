/**
 * The ad runtime: loaded as its own chunk once the page is interactive (src/ads/boot.ts) or
 * when a slot first needs it (the code modal). It wires the core (consent gate, decision
 * engine, tracker, loader, event bus) to the providers and fills slots:
 *   decision → chain [decided, adsense, adsterra] (only platforms the consent allows and the
 *   site configured) → per platform the banner first, then the generic ad (modal) → on a local
 *   host the mock instead → loaded / failed / rendered / viewable / clicked on the bus.
 * A page slot that ends with nothing shows "Ad temporarily unavailable" in its reserved box;
 * the modal keeps its empty box until it closes. Also: grid preloads (onAdPreload), a smart
 * preload of the top two platforms, preconnect after consent, Adsterra page-level units,
 * `window.adDebug`, `?ad_debug=1` logging and the 30 s metrics sync stub.
 */

import { siteAds } from '../config/site-ads.ts';
import { siteRuntime } from '../config/site-runtime.ts';
import { setAdStorageConsent } from '../preferences/preferences.ts';
import {
  $forcedPlatform,
  $scriptStats,
  adEvents,
  getAdTracker,
  loadForcedPlatform,
  recordDecision,
} from '../stores/ads.ts';
import { $consent, CONSENT_EVENT, setConsentState } from '../stores/consent.ts';
import { campaignStore, countCampaignEvent } from './campaign-store.ts';
import { type CampaignSlot, pageOfPath, selectCampaign } from './core/campaigns.ts';
import { type ConsentState, mayContactThirdParties, mayStoreAdData, servingPlatforms } from './core/consent.ts';
import { type AdPosition, decide, decideModal } from './core/decision.ts';
import { createScriptLoader, type ScriptLoader } from './core/loader.ts';
import { FALLBACK_ORDER, isLocalHost, providerFor, type RenderablePlatform } from './core/platforms.ts';
import { type AdRegistry, buildRegistry } from './core/registry.ts';
import { hasDirectCampaigns } from './core/serve.ts';
import { SYNC_INTERVAL_MS } from './core/tracker.ts';
import { definedTexts, installAdDebug, installClickWatch, type MountedSlot, startReporting } from './page-hooks.ts';
import { GRID_AD_PLATFORMS, IDLE_PRELOAD_DELAY_MS, onAdPreload, preloadAfterIdle, preloadWhenNear } from './preload.ts';
import { adsenseProvider } from './providers/adsense.ts';
import { adsterraProvider, loadPageUnit } from './providers/adsterra.ts';
import { amazonProvider } from './providers/amazon.ts';
import { type CreativeTexts, creativeFits, directCreative } from './providers/creatives.ts';
import { observeViewability } from './providers/dom.ts';
import { mockProvider } from './providers/mock.ts';
import type { AdProvider, ProviderContext, RenderedAd } from './providers/types.ts';
import type { MountOptions, SlotHandle, SlotState } from './slot-types.ts';

export type { MountOptions, SlotHandle, SlotState };

/** The texts the last mounted slot brought (the runtime itself holds no translations). */
let creativeTexts: CreativeTexts = { sponsored: 'Sponsored', textCta: '', amazonDisclosure: '', amazonCta: '' };
const pageLang = () => document.documentElement.lang.slice(0, 2) || siteRuntime.defaultLanguage;

const PROVIDERS: Record<RenderablePlatform, AdProvider> = {
  adsense: adsenseProvider,
  adsterra: adsterraProvider,
  amazon: amazonProvider(() => creativeTexts, pageLang),
};
/** First-party creatives render everywhere, also on local hosts (they are ours, no network). */
const FIRST_PARTY: readonly string[] = ['amazon'];

interface Runtime {
  registry: AdRegistry;
  local: boolean;
  debug: boolean;
  loader: ScriptLoader;
  ctx: ProviderContext;
}

let runtime: Runtime | undefined;
let slotCount = 0;
const mounted = new Map<Element, MountedSlot>();

function log(...args: unknown[]): void {
  if (runtime?.debug) console.info('[ads]', ...args);
}

/** Creates the runtime once (no slot is filled here). */
export function getAdRuntime(): Runtime {
  if (runtime) return runtime;
  const win = window;
  const doc = document;
  const registry = buildRegistry({ ads: siteAds, analytics: {}, consent: siteRuntime.consent });
  const local = isLocalHost(win.location.hostname);
  const debug = new URLSearchParams(win.location.search).get('ad_debug') === '1';
  const consent = () => $consent.get();
  setAdStorageConsent(() => mayStoreAdData(consent()));
  const loader = createScriptLoader({
    doc,
    allowedOrigins: registry.scriptOrigins,
    // Nothing third-party before the visitor's choice, and never from a local host (mocks only).
    canLoad: () => !local && mayContactThirdParties(consent()),
    bus: adEvents,
  });
  const ctx: ProviderContext = { win, doc, loader, bus: adEvents, registry, consent, now: () => Date.now() };
  runtime = { registry, local, debug, loader, ctx };

  const tracker = getAdTracker();
  adEvents.on('viewable', (e) => tracker.record(e.platform, 'impression'));
  adEvents.on('clicked', (e) => tracker.record(e.platform, 'click'));
  adEvents.on('requested', (e) => tracker.record(e.platform, 'request'));
  adEvents.onAny((e) => {
    $scriptStats.set(loader.stats());
    log(e.type, e.payload);
  });
  startReporting(win);
  loadForcedPlatform();
  installAdDebug(win);
  installClickWatch(win, mounted);
  win.setInterval(() => tracker.sync((m, d) => (debug ? console.info(m, d) : console.debug(m, d))), SYNC_INTERVAL_MS);
  return runtime;
}

/** Starts the page-level work: page slots, preloads, preconnect, Adsterra page units. Idempotent. */
let started = false;
export function startAds(): void {
  if (started) return;
  started = true;
  const rt = getAdRuntime();
  if (siteRuntime.consent.mode === 'tcf') void startTcf();
  whenDecided().then((state) => afterConsent(rt, state));
  fillPageSlots();
  watchPrerenderedCards();
  $consent.listen((state) => {
    if (state.status !== 'pending') afterConsent(rt, state);
  });
  document.addEventListener(CONSENT_EVENT, (e) => {
    const detail = (e as CustomEvent<{ choice: string; previous: string | null }>).detail;
    if (detail?.previous === 'accepted' && detail.choice === 'rejected') {
      getAdTracker().clear();
      // Scripts already running cannot be unloaded: a reload makes the withdrawal effective.
      if (Object.keys(rt.loader.stats()).length > 0) window.location.reload();
    }
  });
}

function whenDecided(): Promise<ConsentState> {
  return new Promise((resolve) => {
    const now = $consent.get();
    if (now.status !== 'pending') return resolve(now);
    const stop = $consent.listen((s) => {
      if (s.status !== 'pending') {
        stop();
        resolve(s);
      }
    });
  });
}

/**
 * Pre-rendered cards whose island has not hydrated (src/page-models/listing-hydration.ts) ask for
 * preloads as hydrated cards do (SPEC §2: near the viewport; 2 s after load); once per platform.
 */
function watchPrerenderedCards(): void {
  const cards = document.querySelectorAll<HTMLElement>('[data-ad-platform]');
  for (const card of cards) if (card.dataset.adPlatform) preloadWhenNear(card, card.dataset.adPlatform);
  if (cards.length > 0)
    preloadAfterIdle(GRID_AD_PLATFORMS, undefined, Math.max(0, IDLE_PRELOAD_DELAY_MS - performance.now()));
}

let preloadsWired = false;
function afterConsent(rt: Runtime, state: ConsentState): void {
  getAdTracker().persist();
  if (rt.local) return;
  const serving = servingPlatforms(state, rt.registry.renderable);
  rt.loader.preconnect(
    serving.flatMap((p) =>
      p === 'adsense'
        ? ['https://pagead2.googlesyndication.com']
        : rt.registry.adsterraSlotUnits.map((u) => `https://${u.host}`),
    ),
  );
  if (state.status === 'granted') {
    for (const unit of rt.registry.adsterraPageUnits) {
      loadPageUnit(unit, rt.ctx).catch((err: Error) => console.warn(err.message));
    }
  }
  if (preloadsWired) return;
  preloadsWired = true;
  // The grids' requests (cards near the viewport, 2 s idle) and a smart preload of the top two.
  onAdPreload((platform) => preload(rt, platform));
  for (const p of topPlatforms(rt, 2)) preload(rt, p);
}

function preload(rt: Runtime, platform: string): void {
  const p = providerFor(platform) as RenderablePlatform;
  if (!servingPlatforms($consent.get(), rt.registry.renderable).includes(p)) return;
  PROVIDERS[p]?.preload(rt.ctx).catch(() => {});
}

/** The serving platforms ranked by the decision engine's score, then the script performance score. */
function topPlatforms(rt: Runtime, n: number): RenderablePlatform[] {
  const serving = servingPlatforms($consent.get(), rt.registry.renderable);
  const tracker = getAdTracker();
  const d = decide(
    tracker.metrics(),
    { isNewUser: tracker.isNewUser() },
    { now: Date.now(), hour: new Date().getHours(), random: Math.random },
    { platforms: serving, clickRateLimit: rt.registry.clickRateLimit },
  );
  return [...serving]
    .sort((a, b) => (d.scores[b] ?? 0) - (d.scores[a] ?? 0) || rt.loader.score(b) - rt.loader.score(a))
    .slice(0, n);
}

async function startTcf(): Promise<void> {
  const url = siteRuntime.consent.cmpScriptUrl;
  if (!url) return;
  const { startTcf: start } = await import('./tcf-runtime.ts');
  start({ cmpScriptUrl: url, win: window, onState: setConsentState, bus: adEvents });
}

/** Fills the page slots the head script chose for this page view. */
function fillPageSlots(): void {
  // The slot texts are on the page's first slot (PageAdSlot.astro writes them once).
  const texts = document.querySelector<HTMLElement>('[data-ad-page-slot][data-ad-texts]')?.dataset ?? {};
  for (const el of document.querySelectorAll<HTMLElement>('[data-ad-page-slot]')) {
    // Not chosen for this page view (or a rail on a narrow screen): not rendered at all.
    if (el.getClientRects().length === 0) continue;
    const container = el.querySelector<HTMLElement>('[data-ad-container]');
    if (!container || container.childElementCount > 0) continue;
    const width = Number(el.dataset.adWidth) || 728;
    const height = Number(el.dataset.adHeight) || 90;
    mountAdSlot(container, {
      position: el.dataset.adPageSlot as AdPosition,
      size: { width: Math.min(width, container.clientWidth || width), height },
      texts: {
        unavailable: texts.adTextUnavailable ?? '',
        mock: texts.adTextMock ?? '',
        sponsored: texts.adTextSponsored,
        textCta: texts.adTextCta,
        amazonDisclosure: texts.adTextAmazonDisclosure,
        amazonCta: texts.adTextAmazonCta,
      },
      onFail: 'text',
      onState: (s) => el.setAttribute('data-ad-state', s),
    });
  }
}

/** Fills `container` (its box already reserved) with an ad. */
export function mountAdSlot(container: HTMLElement, opts: MountOptions): SlotHandle {
  const rt = getAdRuntime();
  const abort = new AbortController();
  const slotId = `${opts.position}-${++slotCount}`;
  let current: RenderedAd | undefined;
  const cleanups: (() => void)[] = [];
  const setState = (s: SlotState) => {
    container.setAttribute('data-ad-state', s);
    opts.onState?.(s);
  };
  setState('waiting');

  /** Shows an eligible direct campaign in the slot; false when none targets it. */
  const renderDirect = (state: ConsentState): boolean => {
    const ads = siteAds;
    if (!hasDirectCampaigns(ads)) return false;
    const page = pageOfPath(window.location.pathname, siteRuntime.languages);
    const slot: CampaignSlot = {
      pageType: page.pageType,
      position: opts.position as CampaignSlot['position'],
      lang: pageLang(),
      category: opts.target?.category ?? page.category,
      brand: opts.target?.brand ?? page.brand,
    };
    const now = Date.now();
    const fitting = (ads.campaigns ?? []).filter((c) => creativeFits(c, opts.size));
    // The daily cap needs stored state: applied only with consent to ad storage.
    const views = mayStoreAdData(state) ? campaignStore(now).views : null;
    const campaign = selectCampaign(fitting, slot, { now, random: Math.random, views });
    if (!campaign) return false;
    const a = directCreative(document, campaign, opts.size, creativeTexts);
    if (!a) return false;
    const base = { platform: 'direct', slotId, position: opts.position, mock: false, campaign: campaign.id };
    adEvents.emit('requested', { ...base, at: now, attempt: 1, kind: 'banner' });
    container.replaceChildren(a);
    container.setAttribute('data-ad-platform', 'direct');
    adEvents.emit('loaded', { ...base, at: Date.now(), loadMs: 0 });
    adEvents.emit('rendered', { ...base, at: Date.now(), width: opts.size.width, height: opts.size.height });
    countCampaignEvent(campaign.id, 'impression');
    const onClick = () => {
      adEvents.emit('clicked', { ...base, at: Date.now() });
      countCampaignEvent(campaign.id, 'click');
    };
    a.addEventListener('click', onClick);
    cleanups.push(() => a.removeEventListener('click', onClick));
    cleanups.push(
      observeViewability(a, opts.size, window, () => {
        adEvents.emit('viewable', { ...base, at: Date.now() });
        countCampaignEvent(campaign.id, 'viewable');
      }),
    );
    setState('loaded');
    log('direct campaign', slotId, campaign.id);
    return true;
  };

  const run = async () => {
    const state = await whenDecided();
    if (abort.signal.aborted) return;
    creativeTexts = { ...creativeTexts, ...definedTexts(opts.texts) };
    // Direct-sold campaigns targeting this slot win it; the networks fill the rest.
    if (renderDirect(state)) return;
    const serving = servingPlatforms(state, rt.registry.renderable);
    if (serving.length === 0) {
      console.info('No ad platform available');
      setState('empty');
      return;
    }
    const tracker = getAdTracker();
    // The code modal follows ads.modal.algorithm; page slots always use the decision engine.
    const algorithm = opts.position.startsWith('modal-') ? siteAds.modal.algorithm : 'smart';
    const decision = decideModal(
      algorithm,
      tracker.metrics(),
      { isNewUser: tracker.isNewUser(), ...opts.input, position: opts.position },
      { now: Date.now(), hour: new Date().getHours(), random: Math.random },
      // Only platforms that can render here are chosen (never facebook, never direct: campaigns went first).
      {
        platforms: rt.registry.platforms.filter((p) => (serving as string[]).includes(p)),
        clickRateLimit: rt.registry.clickRateLimit,
        forced: $forcedPlatform.get(),
      },
    );
    recordDecision({ ...decision, at: Date.now(), slotId });
    log('decision', slotId, decision.platform, decision.reasoning);
    const chain = [...new Set([providerFor(decision.platform), ...FALLBACK_ORDER])].filter(
      (p): p is RenderablePlatform => (serving as string[]).includes(p),
    );
    setState('loading');
    let attempt = 0;
    for (const platform of chain) {
      for (const kind of opts.kinds ?? ['banner']) {
        const mocked = rt.local && !FIRST_PARTY.includes(platform);
        const provider = mocked ? mockProvider : PROVIDERS[platform];
        if (!provider.supports(kind, opts.size, rt.registry)) continue;
        // The mock stands in for the real unit only where the real one could serve.
        if (mocked && !PROVIDERS[platform].supports(kind, opts.size, rt.registry)) continue;
        const base = { platform, slotId, position: opts.position, mock: mocked };
        adEvents.emit('requested', { ...base, at: Date.now(), attempt: ++attempt, kind });
        const t0 = Date.now();
        try {
          const ad = await provider.render(
            container,
            { id: slotId, position: opts.position, size: opts.size, kind, platform, mockText: opts.texts.mock },
            rt.ctx,
            abort.signal,
          );
          if (abort.signal.aborted) return ad.dispose();
          adEvents.emit('loaded', { ...base, at: Date.now(), loadMs: Date.now() - t0 });
          current = ad;
          const filled = await ad.filled;
          if (abort.signal.aborted) return;
          if (!filled) {
            adEvents.emit('failed', { ...base, at: Date.now(), error: `${platform} returned no ad (unfilled)` });
            ad.dispose();
            current = undefined;
            continue;
          }
          container.setAttribute('data-ad-platform', platform);
          adEvents.emit('rendered', { ...base, at: Date.now(), ...ad.size });
          mounted.set(ad.element, base);
          cleanups.push(() => mounted.delete(ad.element));
          const viewable = () => adEvents.emit('viewable', { ...base, at: Date.now() });
          if (ad.impressionAfterMs !== undefined) {
            const id = setTimeout(viewable, ad.impressionAfterMs);
            cleanups.push(() => clearTimeout(id));
            const onClick = () => adEvents.emit('clicked', { ...base, at: Date.now() });
            ad.element.addEventListener('click', onClick);
          } else {
            cleanups.push(observeViewability(ad.element, ad.size, window, viewable));
          }
          setState('loaded');
          return;
        } catch (err) {
          if (abort.signal.aborted) return;
          const message = err instanceof Error ? err.message : String(err);
          console.warn(`[ads] ${platform} (${kind}) failed for ${slotId}: ${message}`);
          adEvents.emit('failed', { ...base, at: Date.now(), error: message });
          container.replaceChildren();
        }
      }
    }
    setState('failed');
    if (opts.onFail === 'text') {
      const p = document.createElement('p');
      p.className = 'text-sm text-muted';
      p.textContent = opts.texts.unavailable;
      container.replaceChildren(p);
    }
  };
  run().catch((err) => console.warn('[ads] slot error', err));
  return {
    destroy() {
      abort.abort();
      for (const c of cleanups) c();
      current?.dispose();
      container.replaceChildren();
    },
  };
}
