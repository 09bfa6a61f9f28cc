// @vitest-environment happy-dom
/**
 * A filter changed before the brands island hydrates is not lost: the fields' values that differ
 * from the build's (set by assistive technology, typed early, restored by the browser on Back)
 * are read before hydration and adopted by the island, over the address.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHANGED_CONTROLS_ATTRIBUTE,
  changedControls,
  changedControlsBefore,
  INTERACTION_EVENTS,
} from '../../../src/astro/interaction-directive.ts';
import {
  $brandCategory,
  $brandQuery,
  $brandText,
  adoptBrandControls,
  setBrandFilters,
} from '../../../src/stores/brands.ts';

/** The brands filter form as React renders it on the server. */
function builtForm(): HTMLFormElement {
  document.body.innerHTML = `
    <astro-island ssr>
      <form>
        <input type="search" name="q" value="">
        <select name="category"><option value="" selected>All categories</option><option value="1">Electronics</option><option value="2">Fashion</option></select>
      </form>
    </astro-island>`;
  return document.querySelector('form')!;
}

afterEach(() => {
  document.body.innerHTML = '';
  setBrandFilters({ q: '', categoryId: null });
  $brandText.set('');
});

describe('fields changed before hydration', () => {
  it('none when the fields hold what was built', () => {
    expect(changedControls(builtForm())).toEqual({});
  });

  it('a select set by assistive technology or restored by the browser, and early text', () => {
    const form = builtForm();
    form.querySelector('select')!.value = '1';
    expect(changedControls(form)).toEqual({ category: '1' });
    form.querySelector('input')!.value = 'vol';
    expect(changedControls(form)).toEqual({ category: '1', q: 'vol' });
  });

  it('a select built without a selected option counts its first one as built', () => {
    document.body.innerHTML = '<select name="s"><option value="a">A</option><option value="b">B</option></select>';
    expect(changedControls(document.body)).toEqual({});
    document.querySelector('select')!.value = 'b';
    expect(changedControls(document.body)).toEqual({ s: 'b' });
  });

  it('a changed value (assistive technology sets a select with no pointer, key or focus) hydrates the island', () => {
    expect(INTERACTION_EVENTS).toContain('change');
    expect(INTERACTION_EVENTS).toContain('input');
  });

  it('are read back from the island element, ignoring anything that is not text', () => {
    const form = builtForm();
    expect(changedControlsBefore(form)).toEqual({});
    form.closest('astro-island')!.setAttribute(CHANGED_CONTROLS_ATTRIBUTE, JSON.stringify({ category: '1', x: 3 }));
    expect(changedControlsBefore(form)).toEqual({ category: '1' });
    form.closest('astro-island')!.setAttribute(CHANGED_CONTROLS_ATTRIBUTE, '{not json');
    expect(changedControlsBefore(form)).toEqual({});
  });
});

describe('the brands island adopts them', () => {
  it('the chosen category filters the list (and hides featured brands), over the address', () => {
    adoptBrandControls({ category: '1' });
    expect($brandCategory.get()).toBe(1);
    expect($brandQuery.get()).toBe('');
    adoptBrandControls({ q: '  vol ' });
    expect($brandQuery.get()).toBe('vol');
    expect($brandText.get()).toBe('  vol ');
    expect($brandCategory.get()).toBe(1);
  });

  it('validated like the address: a category that is not a whole number is ignored', () => {
    adoptBrandControls({ category: '1; drop' });
    expect($brandCategory.get()).toBeNull();
  });

  it('nothing changed: the address stays in charge', () => {
    setBrandFilters({ q: 'co', categoryId: 3 });
    adoptBrandControls({ other: 'x' });
    expect($brandCategory.get()).toBe(3);
    expect($brandQuery.get()).toBe('co');
  });
});
