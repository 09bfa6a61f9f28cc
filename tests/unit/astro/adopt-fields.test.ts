// @vitest-environment happy-dom
/**
 * Issue 33: what a listing's pre-rendered filter fields hold when its island takes over is read
 * from the fields themselves at that moment (not from a copy taken earlier, which missed what was
 * typed in between), and the coupons listing adopts it over the address.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHANGED_CONTROLS_ATTRIBUTE } from '../../../src/astro/interaction-directive.ts';
import { makePage } from '../../../src/catalog/source.ts';
import { fieldsAtTakeover } from '../../../src/components/common/use-adopt-fields.ts';

function builtForm(): HTMLFormElement {
  document.body.innerHTML = `
    <astro-island ssr>
      <form>
        <input type="search" name="q" value="">
        <select name="category"><option value="" selected>All</option><option value="1">Electronics</option></select>
      </form>
    </astro-island>`;
  return document.querySelector('form')!;
}

afterEach(() => {
  document.body.innerHTML = '';
  history.replaceState(null, '', '/');
});

describe('fieldsAtTakeover', () => {
  it('reads what the fields hold now, over an earlier copy', () => {
    const form = builtForm();
    const q = form.querySelector('input')!;
    q.value = 'zzq';
    // The copy taken when the island's code had loaded…
    form.closest('astro-island')!.setAttribute(CHANGED_CONTROLS_ATTRIBUTE, JSON.stringify({ q: 'zzq' }));
    // …and what was typed after it.
    q.value = 'zzqxnonsense';
    expect(fieldsAtTakeover(form)).toEqual({ q: 'zzqxnonsense' });
  });

  it('a field emptied again after the copy is not adopted from the copy', () => {
    const form = builtForm();
    form.closest('astro-island')!.setAttribute(CHANGED_CONTROLS_ATTRIBUTE, JSON.stringify({ q: 'zz', category: '1' }));
    expect(fieldsAtTakeover(form)).toEqual({});
  });

  it('the copy fills in only a field no longer in the form; nothing without a form', () => {
    const form = builtForm();
    form.closest('astro-island')!.setAttribute(CHANGED_CONTROLS_ATTRIBUTE, JSON.stringify({ brand: '4' }));
    form.querySelector('select')!.value = '1';
    expect(fieldsAtTakeover(form)).toEqual({ brand: '4', category: '1' });
    expect(fieldsAtTakeover(null)).toEqual({});
  });
});

describe('adoptCouponControls', () => {
  it('what the fields show wins over the address, validated like it', async () => {
    vi.resetModules();
    const { $couponFilters, $couponText, adoptCouponControls, couponsListing } = await import(
      '../../../src/stores/coupons.ts'
    );
    history.replaceState(null, '', '/coupons?q=acme&sort=popular');
    const listing = couponsListing(makePage([], 1, 20, 0) as never);
    adoptCouponControls(listing, { q: 'zzqxnonsense', category: 'abc', brand: '4' });
    const unlisten = listing.$state.listen(() => {});
    expect($couponText.get()).toBe('zzqxnonsense');
    // The address's sort stays; the fields' text and brand win; a category that is no number is ignored.
    expect($couponFilters.get()).toEqual({ q: 'zzqxnonsense', category: null, brand: 4, sort: 'popular' });
    unlisten();
  });

  it('nothing changed: the address stays in charge', async () => {
    vi.resetModules();
    const { $couponFilters, adoptCouponControls, couponsListing } = await import('../../../src/stores/coupons.ts');
    history.replaceState(null, '', '/coupons?q=acme');
    const listing = couponsListing(makePage([], 1, 20, 0) as never);
    adoptCouponControls(listing, {});
    const unlisten = listing.$state.listen(() => {});
    expect($couponFilters.get().q).toBe('acme');
    unlisten();
  });
});
