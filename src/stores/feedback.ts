/**
 * "Did {CODE} work?" (issue 22, docs/code-health.md): after "Copy Code & Visit Store" opened the
 * store in a new tab, the question is asked once, when the shopper comes back to this tab
 * (`visibilitychange` back to visible, or the window's `focus` after a `blur`). Yes / No sends
 * POST /coupons/{id}/feedback {worked} through the recorder (failures only logged); either
 * answer, or closing the question, means this browser is never asked about that coupon again.
 *
 * Asked only when something can receive the answer (API mode, `recordsEnabled`): a static site
 * without an API has nowhere to send it, so it does not ask.
 *
 * Which coupons were asked is kept under `coupon_feedback` in localStorage through the storage
 * module (src/preferences/preferences.ts): coupon ids and the time of the answer, nothing else, written
 * only after the shopper answers or closes the question (a function they used, like the consent
 * choice itself; see docs/code-health.md). When storage is blocked or full, the list is kept in
 * memory for the page's life.
 */
import { atom } from 'nanostores';
import type { Coupon } from '../catalog/schemas.ts';
import { readRaw, writePreference } from '../preferences/preferences.ts';
import { records, recordsEnabled } from './tracking.ts';

export const FEEDBACK_KEY = 'coupon_feedback';
/** Answers older than this are forgotten (the API counts 30 days; a later copy may ask again). */
export const FEEDBACK_MEMORY_MS = 180 * 24 * 60 * 60 * 1000;
/** At most this many coupons are remembered (the oldest go first). */
export const FEEDBACK_MEMORY_MAX = 300;
/** How long "Thanks" stays after an answer. */
export const THANKS_MS = 4000;

export type FeedbackQuestion = {
  id: number;
  code: string;
  /** asking: Yes / No shown; thanks: the answer was taken. */
  phase: 'asking' | 'thanks';
};

/** The question on screen, or null. */
export const $feedbackQuestion = atom<FeedbackQuestion | null>(null);

type Asked = Record<string, number>;

/** `{"v":1,"asked":{"12":1767225600000}}`, validated; anything else is an empty list. */
export function parseAsked(raw: string | null, now: number): Asked {
  try {
    const r = raw ? JSON.parse(raw) : null;
    if (r?.v !== 1 || typeof r.asked !== 'object' || r.asked === null || Array.isArray(r.asked)) return {};
    const out: Asked = {};
    for (const [id, at] of Object.entries(r.asked as Record<string, unknown>)) {
      if (/^\d{1,15}$/.test(id) && typeof at === 'number' && Number.isFinite(at) && now - at < FEEDBACK_MEMORY_MS)
        out[id] = at;
    }
    return out;
  } catch {
    return {};
  }
}

const inMemory: Asked = {};

function askedList(now: number): Asked {
  return { ...parseAsked(readRaw(FEEDBACK_KEY), now), ...inMemory };
}

/** Whether this browser already answered (or closed the question) for coupon `id`. */
export function alreadyAsked(id: number, now = Date.now()): boolean {
  return Object.hasOwn(askedList(now), String(id));
}

function remember(id: number, now: number): void {
  inMemory[String(id)] = now;
  const entries = Object.entries(askedList(now))
    .sort((a, b) => b[1] - a[1])
    .slice(0, FEEDBACK_MEMORY_MAX);
  writePreference(FEEDBACK_KEY, JSON.stringify({ v: 1, asked: Object.fromEntries(entries) }));
}

/** The coupon waiting for the shopper's return, and whether they have left the tab since. */
let pending: { id: number; code: string; left: boolean } | null = null;
let listening = false;

function onLeave(): void {
  if (pending) pending.left = true;
}

function onReturn(): void {
  if (!pending?.left) return;
  const { id, code } = pending;
  pending = null;
  if (alreadyAsked(id)) return;
  $feedbackQuestion.set({ id, code, phase: 'asking' });
}

function listen(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('visibilitychange', () => (document.visibilityState === 'hidden' ? onLeave() : onReturn()));
  window.addEventListener('blur', onLeave);
  window.addEventListener('focus', onReturn);
}

/**
 * Called after "Copy Code & Visit Store" opened the store: ask about `coupon` when the shopper
 * comes back. Nothing happens without an API, for a coupon without a code, or one already asked.
 */
export function askWhenBack(coupon: Pick<Coupon, 'id' | 'code'>, enabled = recordsEnabled): void {
  const code = coupon.code.trim();
  if (!enabled || code === '' || alreadyAsked(coupon.id)) return;
  pending = { id: coupon.id, code, left: false };
  listen();
}

let thanksTimer: ReturnType<typeof setTimeout> | undefined;

/** Yes / No: remembered at once, sent in the background (failures only logged), "Thanks" for 4 s. */
export function answerFeedback(worked: boolean, now = Date.now()): void {
  const q = $feedbackQuestion.get();
  if (q?.phase !== 'asking') return;
  remember(q.id, now);
  void records.couponFeedback({ coupon: { id: q.id }, worked });
  $feedbackQuestion.set({ ...q, phase: 'thanks' });
  clearTimeout(thanksTimer);
  thanksTimer = setTimeout(() => {
    if ($feedbackQuestion.get()?.id === q.id) $feedbackQuestion.set(null);
  }, THANKS_MS);
}

/** Closing the question counts as asked: this coupon is not asked about again. */
export function dismissFeedback(now = Date.now()): void {
  const q = $feedbackQuestion.get();
  if (!q) return;
  if (q.phase === 'asking') remember(q.id, now);
  clearTimeout(thanksTimer);
  $feedbackQuestion.set(null);
}

/** For tests: forget the in-memory list and any pending question. */
export function resetFeedbackForTests(): void {
  for (const k of Object.keys(inMemory)) delete inMemory[k];
  pending = null;
  clearTimeout(thanksTimer);
  $feedbackQuestion.set(null);
}
