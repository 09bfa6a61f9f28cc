import { describe, expect, it } from 'vitest';
import { differsFromBuild, interactionSelector } from '../../../src/astro/interaction-directive.ts';

const storage = (items: Record<string, string>) => ({ getItem: (k: string) => items[k] ?? null });
const BRANDS = { params: ['q', 'category'], storage: ['brands_view'] };

describe('client:interaction value', () => {
  it('takes a selector as a string or as the selector field', () => {
    expect(interactionSelector('[data-open-code]')).toBe('[data-open-code]');
    expect(interactionSelector({ selector: '.x', params: ['q'] })).toBe('.x');
    expect(interactionSelector(true)).toBeNull();
    expect(interactionSelector('  ')).toBeNull();
    expect(interactionSelector({ params: ['q'] })).toBeNull();
  });

  it('waits for an interaction on the page as it was built', () => {
    expect(differsFromBuild(BRANDS, '', storage({}))).toBe(false);
    expect(differsFromBuild(BRANDS, '?utm_source=news&q=', storage({ other: 'list' }))).toBe(false);
    // A plain selector or no value never hydrates early.
    expect(differsFromBuild('[data-x]', '?q=co', storage({ brands_view: 'list' }))).toBe(false);
    expect(differsFromBuild(true, '?q=co', storage({}))).toBe(false);
  });

  it('hydrates at once when the address has one of its params', () => {
    expect(differsFromBuild(BRANDS, '?q=co', storage({}))).toBe(true);
    expect(differsFromBuild(BRANDS, '?page=2&category=3', storage({}))).toBe(true);
  });

  it('hydrates at once when a remembered preference is stored', () => {
    expect(differsFromBuild(BRANDS, '', storage({ brands_view: 'list' }))).toBe(true);
  });

  it('treats a storage that throws, or none, as empty', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(differsFromBuild(BRANDS, '', throwing)).toBe(false);
    expect(differsFromBuild(BRANDS, '', null)).toBe(false);
    expect(differsFromBuild({ params: 'q', storage: [1] }, '?q=x', storage({}))).toBe(false);
  });
});
