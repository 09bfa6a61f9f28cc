// @vitest-environment happy-dom
/**
 * "Did {CODE} work?" (src/stores/feedback.ts): asked once, when the shopper comes back to the tab
 * after the store opened; the answer goes to the recorder; one answer per coupon per browser.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const sent: { id: number; worked: boolean }[] = [];
vi.mock('../../../src/stores/tracking.ts', () => ({
  recordsEnabled: true,
  records: {
    couponFeedback: async ({ coupon, worked }: { coupon: { id: number }; worked: boolean }) => {
      sent.push({ id: coupon.id, worked });
    },
  },
}));

const {
  $feedbackQuestion,
  alreadyAsked,
  answerFeedback,
  askWhenBack,
  dismissFeedback,
  FEEDBACK_KEY,
  parseAsked,
  resetFeedbackForTests,
} = await import('../../../src/stores/feedback.ts');

const leave = () => window.dispatchEvent(new Event('blur'));
const comeBack = () => window.dispatchEvent(new Event('focus'));

beforeEach(() => {
  localStorage.clear();
  sent.length = 0;
  resetFeedbackForTests();
});
afterEach(() => resetFeedbackForTests());

describe('feedback question', () => {
  it('is asked when the shopper comes back from the store, not before, and sends the answer once', () => {
    askWhenBack({ id: 12, code: 'SAVE20' });
    comeBack(); // never left: no question
    expect($feedbackQuestion.get()).toBeNull();
    leave();
    expect($feedbackQuestion.get()).toBeNull();
    comeBack();
    expect($feedbackQuestion.get()).toEqual({ id: 12, code: 'SAVE20', phase: 'asking' });
    answerFeedback(false);
    answerFeedback(true); // a second tap changes nothing
    expect(sent).toEqual([{ id: 12, worked: false }]);
    expect($feedbackQuestion.get()?.phase).toBe('thanks');
    expect(alreadyAsked(12)).toBe(true);
    expect(Object.keys(JSON.parse(localStorage.getItem(FEEDBACK_KEY) ?? '{}').asked)).toEqual(['12']);
  });

  it('is not asked again for a coupon already answered or dismissed in this browser', () => {
    askWhenBack({ id: 5, code: 'FIVE' });
    leave();
    comeBack();
    dismissFeedback();
    expect(sent).toEqual([]);
    askWhenBack({ id: 5, code: 'FIVE' });
    leave();
    comeBack();
    expect($feedbackQuestion.get()).toBeNull();
  });

  it('the tab coming back to visible asks too', () => {
    askWhenBack({ id: 7, code: 'SEVEN' });
    const state = { value: 'hidden' };
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state.value });
    document.dispatchEvent(new Event('visibilitychange'));
    state.value = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    expect($feedbackQuestion.get()?.id).toBe(7);
  });

  it('is never asked without an API to receive it, nor for a code-less offer', () => {
    askWhenBack({ id: 8, code: 'EIGHT' }, false);
    askWhenBack({ id: 9, code: '  ' });
    leave();
    comeBack();
    expect($feedbackQuestion.get()).toBeNull();
  });

  it('keeps the list in memory when storage is blocked', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    askWhenBack({ id: 3, code: 'THREE' });
    leave();
    comeBack();
    answerFeedback(true);
    expect(alreadyAsked(3)).toBe(true);
    setItem.mockRestore();
  });
});

describe('parseAsked', () => {
  it('keeps only well-formed, recent entries', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    const raw = JSON.stringify({ v: 1, asked: { 12: now - 1000, abc: now, 13: 'x', 14: now - 400 * 86_400_000 } });
    expect(parseAsked(raw, now)).toEqual({ 12: now - 1000 });
    expect(parseAsked('{oops', now)).toEqual({});
    expect(parseAsked(JSON.stringify({ v: 2, asked: {} }), now)).toEqual({});
    expect(parseAsked(null, now)).toEqual({});
  });
});
