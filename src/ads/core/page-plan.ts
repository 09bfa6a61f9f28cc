/**
 * Page slots decided before first paint (ads.positions, ads.strategy, ads.displayProbability),
 * so no reserved box is left empty and nothing moves when ads arrive:
 * - a page view shows its slots only if some platform can serve under the visitor's consent
 *   (none before a choice in banner mode);
 * - then with probability `displayProbability` (one draw per page view);
 * - then the first N configured positions: aggressive all, balanced 2, conservative 1.
 * `headScript` is the inline <head> script that applies this (and records the consent state
 * on <html data-consent>) before the body is parsed; CSS shows only the chosen slots.
 */
import type { AdsConfig, ConsentMode } from '../../config/schema.ts';
import { parseConsentRecord } from '../../preferences/preferences.ts';
import { adsServeable, serveMatrix } from './serve.ts';

export type PagePosition = AdsConfig['positions'][number];
export type Strategy = AdsConfig['strategy'];

export const STRATEGY_MAX_SLOTS: Record<Strategy, number> = { aggressive: 4, balanced: 2, conservative: 1 };

export interface PagePlanInput {
  /** Can any platform serve under the current consent (serve.ts adsServeable)? */
  serveable: boolean;
  random: () => number;
  displayProbability: number;
  strategy: string;
  positions: readonly string[];
}

/** The positions shown on this page view. Self-contained: it is inlined into the page head. */
export function planPageSlots(i: PagePlanInput): string[] {
  if (!i.serveable || !(i.random() < i.displayProbability)) return [];
  const max = i.strategy === 'aggressive' ? 4 : i.strategy === 'conservative' ? 1 : 2;
  return i.positions.slice(0, max);
}

export interface HeadScriptOptions {
  mode: ConsentMode;
  /** Page slots on this page: the ads config; null on pages without slots. */
  ads: Pick<AdsConfig, 'enabled' | 'platforms' | 'positions' | 'strategy' | 'displayProbability'> | null;
}

/**
 * Inline script for <head>: sets <html data-consent="pending|accepted|rejected|tcf|none"> and,
 * on pages with slots, <html data-ad-slots="top bottom">.
 */
export function headScript(opts: HeadScriptOptions): string {
  const o = {
    mode: opts.mode,
    plan:
      opts.ads && opts.ads.enabled !== false
        ? {
            matrix: serveMatrix(opts.ads),
            displayProbability: opts.ads.displayProbability,
            strategy: opts.ads.strategy,
            positions: opts.ads.positions,
          }
        : null,
  };
  const src = (fn: (...args: never[]) => unknown) => fn.toString().replace(/\s*\n\s*/g, ' ');
  const mark = `var parse=${src(parseConsentRecord)};var r=null;try{r=parse(localStorage.getItem('consent'))}catch(e){}var mark=${JSON.stringify(opts.mode)};if(mark==='banner')mark=r?r.choice:'pending';var h=document.documentElement;h.setAttribute('data-consent',mark);`;
  const slots = o.plan
    ? `var serveable=${src(adsServeable)};var plan=${src(planPageSlots)};var p=${JSON.stringify(o.plan)};var s=plan({serveable:serveable(mark,p.matrix),random:Math.random,displayProbability:p.displayProbability,strategy:p.strategy,positions:p.positions});if(s.length)h.setAttribute('data-ad-slots',s.join(' '));`
    : '';
  return `(function(){${mark}${slots}})();`;
}
