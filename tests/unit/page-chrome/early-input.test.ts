// @vitest-environment happy-dom
/**
 * Issue 33: the early-input replay (src/page-chrome/early-clicks.ts) puts back what was typed before an
 * island hydrated only when hydration lost it: never over what the shopper typed into the
 * hydrated island since (it dropped the last keystrokes), nor when React already holds it (it
 * moved the caret and dropped a selection).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installEarlyClicks } from '../../../src/page-chrome/early-clicks.ts';

installEarlyClicks(document);

let field: HTMLInputElement;
let events: string[];

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = '<astro-island ssr><form><input type="search" name="q" value=""></form></astro-island>';
  field = document.querySelector('input')!;
  events = [];
  field.addEventListener('input', () => events.push(field.value));
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

/** The shopper types: the field changes and says so. */
function type(value: string) {
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
/** The island hydrated: Astro drops `ssr`, React attaches its props to the field. */
function hydrate(reactValue: string) {
  field.closest('astro-island')!.removeAttribute('ssr');
  Object.assign(field, { __reactProps$test: { value: reactValue } });
}

describe('text typed before an island hydrated', () => {
  it('is put back, as a real change, when hydration lost it', async () => {
    type('cozy');
    hydrate('');
    field.value = '';
    await vi.advanceTimersByTimeAsync(1000);
    expect(field.value).toBe('cozy');
    expect(events.at(-1)).toBe('cozy');
  });

  it('is left alone when React already holds what the field shows', async () => {
    type('cozy');
    hydrate('cozy');
    field.setSelectionRange(0, 4);
    await vi.advanceTimersByTimeAsync(1000);
    expect(field.value).toBe('cozy');
    expect(events).toEqual(['cozy']);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 4]);
  });

  it('never overwrites what the shopper typed into the hydrated island since', async () => {
    type('cozy');
    hydrate('cozy');
    type('zzqxnonsense');
    Object.assign(field, { __reactProps$test: { value: 'zzqxnonsense' } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(field.value).toBe('zzqxnonsense');
    expect(events).toEqual(['cozy', 'zzqxnonsense']);
  });
});
