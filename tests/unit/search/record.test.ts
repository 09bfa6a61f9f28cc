/** Searches sent by the plain form (before the search-box island loaded) are recorded by the search page, once. */
import { describe, expect, it } from 'vitest';
import { createSearchRecorder, FORM_SUBMIT_FIELD, unrecordedQuery } from '../../../src/stores/search.ts';

describe('unrecordedQuery', () => {
  const marker = `${FORM_SUBMIT_FIELD.name}=${FORM_SUBMIT_FIELD.value}`;

  it('is the normalized q when the plain form sent it', () => {
    expect(unrecordedQuery(`?q=${encodeURIComponent('  running   shoes ')}&${marker}`)).toBe('running shoes');
    expect(unrecordedQuery(new URLSearchParams(`${marker}&q=tv`))).toBe('tv');
  });

  it('is null for a search the island already recorded (no marker), a blank q or another marker value', () => {
    expect(unrecordedQuery('?q=tv')).toBeNull();
    expect(unrecordedQuery(`?q=%20%20&${marker}`)).toBeNull();
    expect(unrecordedQuery(`?${marker}`)).toBeNull();
    expect(unrecordedQuery(`?q=tv&${FORM_SUBMIT_FIELD.name}=elsewhere`)).toBeNull();
  });
});

describe('createSearchRecorder', () => {
  it('records each query once per recorder (page view), never a blank one', () => {
    const recorded: string[] = [];
    const record = createSearchRecorder((q) => recorded.push(q));
    expect(record('tv')).toBe(true);
    expect(record(' tv ')).toBe(false);
    expect(record(null)).toBe(false);
    expect(record('   ')).toBe(false);
    expect(record('laptops')).toBe(true);
    expect(recorded).toEqual(['tv', 'laptops']);
    // A new page view is a new recorder.
    const again: string[] = [];
    createSearchRecorder((q) => again.push(q))('tv');
    expect(again).toEqual(['tv']);
  });
});
