/**
 * The decision engine (SPEC §9 "Decision engine"): which ad platform a slot asks first.
 * A pure function of (metrics, input, clock, config): the clock (now, local hour) and the
 * random source are injected, so every bonus, threshold and multiplier is pinned by tests.
 *
 * Per enabled platform:
 *   score = 50 + min(50, ctr * 500)                 (ctr = clicks / impressions, 0 without impressions)
 *         + recency bonus  +20 / +10 / +5           (last click under 1 h / 24 h / 72 h ago)
 *         + impression bonus +30 / +20 / +10 / +5   (impressions above 1000 / 100 / 10 / 0)
 *   halved when ctr is above the click-rate limit (ads.clickRateLimit, default 0.3) — the whole
 *   sum, so a suspicious platform cannot win back the penalty with bonuses — then capped at 100;
 *   then multiplied: x1.2 for adsense and adsterra for a new user; x1.1 for amazon and direct
 *   from 09:00 to 17:59 local time, x1.1 for facebook at other hours.
 * The highest score wins (ties: config order); confidence = min(1, score / 100). With no enabled
 * platform the decision is the default fallback: adsense with confidence 0.1. A forced platform
 * (ad_force_platform) overrides everything with confidence 1. A platform that cannot render
 * (facebook: Meta Audience Network serves no websites since 2020) is never chosen, not even forced.
 * Without an input position, the modal position is drawn with the position weights
 * (modal-top 0.7, modal-bottom 0.3).
 */
import { CANNOT_RENDER, isKnownPlatform } from './platforms.ts';

/** Platforms the engine may choose: known, and able to render (never facebook). */
const choosable = (p: string) => isKnownPlatform(p) && !CANNOT_RENDER.includes(p);

export const BASE_SCORE = 50;
export const CTR_BONUS_FACTOR = 500;
export const CTR_BONUS_MAX = 50;
export const DEFAULT_CLICK_RATE_LIMIT = 0.3;
export const MAX_SCORE = 100;

const HOUR_MS = 3_600_000;
/** Last click under 1 h / 24 h / 72 h ago. */
export const RECENCY_BONUSES: readonly { underMs: number; bonus: number }[] = [
  { underMs: HOUR_MS, bonus: 20 },
  { underMs: 24 * HOUR_MS, bonus: 10 },
  { underMs: 72 * HOUR_MS, bonus: 5 },
];
/** Impressions above 1000 / 100 / 10 / 0. */
export const IMPRESSION_BONUSES: readonly { above: number; bonus: number }[] = [
  { above: 1000, bonus: 30 },
  { above: 100, bonus: 20 },
  { above: 10, bonus: 10 },
  { above: 0, bonus: 5 },
];
export const NEW_USER_MULTIPLIER = 1.2;
export const NEW_USER_PLATFORMS: readonly string[] = ['adsense', 'adsterra'];
export const TIME_OF_DAY_MULTIPLIER = 1.1;
/** 09:00 to 17:59 local time. */
export const BUSINESS_HOURS = { from: 9, to: 17 } as const;
export const BUSINESS_HOURS_PLATFORMS: readonly string[] = ['amazon', 'direct'];
export const OFF_HOURS_PLATFORMS: readonly string[] = ['facebook'];
export const POSITION_WEIGHTS = { 'modal-top': 0.7, 'modal-bottom': 0.3 } as const;
export const FALLBACK_PLATFORM = 'adsense';
export const FALLBACK_CONFIDENCE = 0.1;

/** What the tracker keeps per platform (SPEC §3 "Ad metrics"). */
export interface PlatformMetrics {
  impressions: number;
  clicks: number;
  /** Timestamp (ms) of the last click, or null. */
  lastClick: number | null;
  /** clicks / impressions (0 without impressions). */
  ctr: number;
}

export type AdPosition =
  | 'modal-top'
  | 'modal-bottom'
  | 'modal-left'
  | 'modal-right'
  | 'top'
  | 'bottom'
  | 'left'
  | 'right';

/** SPEC §3 "Ad decision input" plus the slot's position when it is already known. */
export interface DecisionInput {
  isNewUser: boolean;
  categoryId?: number | undefined;
  brandId?: number | undefined;
  couponId?: number | undefined;
  sessionId?: string | undefined;
  position?: AdPosition | undefined;
}

export interface DecisionClock {
  /** Current time in ms. */
  now: number;
  /** Local hour of day, 0–23. */
  hour: number;
  /** Like Math.random: a number in [0, 1). Used only to draw a modal position. */
  random: () => number;
}

export interface DecisionConfig {
  /** Enabled platforms, in site-config order. */
  platforms: readonly string[];
  clickRateLimit?: number;
  /** A valid forced platform (ad_force_platform), or null. */
  forced?: string | null;
}

export interface Decision {
  platform: string;
  position: AdPosition;
  /** 0..1 */
  confidence: number;
  reasoning: string[];
  /** Final score per scored platform. */
  scores: Record<string, number>;
}

const EMPTY: PlatformMetrics = { impressions: 0, clicks: 0, lastClick: null, ctr: 0 };

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const num = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(2));

/** A platform's score before multipliers, with the reasons. */
export function scorePlatform(
  metrics: PlatformMetrics | undefined,
  now: number,
  clickRateLimit: number = DEFAULT_CLICK_RATE_LIMIT,
): { score: number; reasons: string[] } {
  const m = metrics ?? EMPTY;
  const ctr = m.impressions > 0 ? m.clicks / m.impressions : 0;
  const reasons = [`base ${BASE_SCORE}`];
  let score = BASE_SCORE;
  const ctrBonus = Math.min(CTR_BONUS_MAX, ctr * CTR_BONUS_FACTOR);
  if (ctrBonus > 0) reasons.push(`ctr ${pct(ctr)} +${num(ctrBonus)}`);
  score += ctrBonus;
  if (m.lastClick !== null && m.lastClick <= now) {
    const age = now - m.lastClick;
    const tier = RECENCY_BONUSES.find((r) => age < r.underMs);
    if (tier) {
      score += tier.bonus;
      reasons.push(`last click ${Math.floor(age / 60_000)} min ago +${tier.bonus}`);
    }
  }
  const imp = IMPRESSION_BONUSES.find((b) => m.impressions > b.above);
  if (imp) {
    score += imp.bonus;
    reasons.push(`${m.impressions} impressions +${imp.bonus}`);
  }
  if (ctr > clickRateLimit) {
    score /= 2;
    reasons.push(`ctr above the ${pct(clickRateLimit)} limit: halved`);
  }
  if (score > MAX_SCORE) {
    score = MAX_SCORE;
    reasons.push(`capped at ${MAX_SCORE}`);
  }
  return { score, reasons };
}

/** The multiplier for `platform` given the visitor and the local hour, with the reasons. */
export function platformMultiplier(
  platform: string,
  isNewUser: boolean,
  hour: number,
): { factor: number; reasons: string[] } {
  let factor = 1;
  const reasons: string[] = [];
  if (isNewUser && NEW_USER_PLATFORMS.includes(platform)) {
    factor *= NEW_USER_MULTIPLIER;
    reasons.push(`new user x${NEW_USER_MULTIPLIER}`);
  }
  const business = hour >= BUSINESS_HOURS.from && hour <= BUSINESS_HOURS.to;
  if (business && BUSINESS_HOURS_PLATFORMS.includes(platform)) {
    factor *= TIME_OF_DAY_MULTIPLIER;
    reasons.push(`business hours x${TIME_OF_DAY_MULTIPLIER}`);
  }
  if (!business && OFF_HOURS_PLATFORMS.includes(platform)) {
    factor *= TIME_OF_DAY_MULTIPLIER;
    reasons.push(`off hours x${TIME_OF_DAY_MULTIPLIER}`);
  }
  return { factor, reasons };
}

/** modal-top with probability 0.7 / (0.7 + 0.3), otherwise modal-bottom. */
export function drawModalPosition(random: () => number): AdPosition {
  const { 'modal-top': top, 'modal-bottom': bottom } = POSITION_WEIGHTS;
  return random() < top / (top + bottom) ? 'modal-top' : 'modal-bottom';
}

export function decide(
  metrics: Readonly<Record<string, PlatformMetrics | undefined>>,
  input: DecisionInput,
  clock: DecisionClock,
  config: DecisionConfig,
): Decision {
  const position = input.position ?? drawModalPosition(clock.random);
  if (config.forced && choosable(config.forced)) {
    return {
      platform: config.forced,
      position,
      confidence: 1,
      reasoning: [`forced by ad_force_platform: ${config.forced}`],
      scores: {},
    };
  }
  const candidates = [...new Set(config.platforms.filter(choosable))];
  if (candidates.length === 0) {
    return {
      platform: FALLBACK_PLATFORM,
      position,
      confidence: FALLBACK_CONFIDENCE,
      reasoning: [`no enabled platform: default fallback ${FALLBACK_PLATFORM}`],
      scores: {},
    };
  }
  const scores: Record<string, number> = {};
  // A forced platform that cannot render is passed over, and the log says so.
  const reasoning: string[] = config.forced ? [`forced ${config.forced} cannot render ads: the scores decide`] : [];
  let best = candidates[0] as string;
  for (const p of candidates) {
    const base = scorePlatform(metrics[p], clock.now, config.clickRateLimit ?? DEFAULT_CLICK_RATE_LIMIT);
    const mult = platformMultiplier(p, input.isNewUser, clock.hour);
    const score = base.score * mult.factor;
    scores[p] = score;
    reasoning.push(`${p}: ${[...base.reasons, ...mult.reasons].join(', ')} = ${num(score)}`);
    if (score > (scores[best] ?? Number.NEGATIVE_INFINITY)) best = p;
  }
  const top = scores[best] as number;
  reasoning.push(`chose ${best} for ${position} (score ${num(top)})`);
  return { platform: best, position, confidence: Math.min(1, top / 100), reasoning, scores };
}

export type ModalAlgorithm = 'random' | 'smart' | 'fixed';

/**
 * The code modal's choice by `ads.modal.algorithm`: smart = `decide` (the scores above);
 * fixed = always the first enabled platform; random = an enabled platform drawn with
 * `clock.random`. A forced platform and the no-platform fallback apply to all three.
 */
export function decideModal(
  algorithm: ModalAlgorithm,
  metrics: Readonly<Record<string, PlatformMetrics | undefined>>,
  input: DecisionInput,
  clock: DecisionClock,
  config: DecisionConfig,
): Decision {
  const candidates = [...new Set(config.platforms.filter(choosable))];
  if (algorithm === 'smart' || (config.forced && choosable(config.forced)) || candidates.length === 0)
    return decide(metrics, input, clock, config);
  const position = input.position ?? drawModalPosition(clock.random);
  if (algorithm === 'fixed') {
    const platform = candidates[0] as string;
    return { platform, position, confidence: 1, reasoning: [`fixed: first enabled platform ${platform}`], scores: {} };
  }
  const index = Math.min(candidates.length - 1, Math.floor(clock.random() * candidates.length));
  const platform = candidates[index] as string;
  return {
    platform,
    position,
    confidence: 1 / candidates.length,
    reasoning: [`random: ${platform} of ${candidates.join(', ')}`],
    scores: {},
  };
}
