/**
 * Every gate passes on the good fixture site and fails on the same site with one deliberate
 * fault (tests/fixtures/audit/broken/<gate>), so none can pass silently.
 */
import { describe, expect, it } from 'vitest';
import { runAxeGate } from '../../../scripts/lib/audit/axe.ts';
import type { Budget } from '../../../scripts/lib/audit/budgets.ts';
import { runLinksGate } from '../../../scripts/lib/audit/links.ts';
import { PAGE_TYPES, type PageType } from '../../../scripts/lib/audit/pages.ts';
import { runSeoGate } from '../../../scripts/lib/audit/seo.ts';
import { runVnuGate } from '../../../scripts/lib/audit/vnu.ts';
import { runWeightGate } from '../../../scripts/lib/audit/weight.ts';
import { brokenSite, GOOD } from './fixture.ts';

const budgets = Object.fromEntries(
  PAGE_TYPES.map((t) => [t, { htmlKB: 4, htmlNoPropsKB: 4, jsKB: 1, jsRequests: 1, cssKB: 1, reason: 'fixture' }]),
) as Record<PageType, Budget>;

describe('axe gate', () => {
  it('passes the good site and fails an image without alt', async () => {
    const good = await runAxeGate({ dir: GOOD });
    expect(good.failures).toEqual([]);
    expect(good.passed).toBe(true);
    const bad = await runAxeGate({ dir: brokenSite('axe') });
    expect(bad.passed).toBe(false);
    expect(bad.failures.some((f) => f.startsWith('/about @1280px: image-alt (critical)'))).toBe(true);
  }, 120_000);
});

describe('vnu gate', () => {
  it('passes the good site and fails invalid HTML', async () => {
    const good = await runVnuGate({ dir: GOOD });
    expect(good.failures).toEqual([]);
    const bad = await runVnuGate({ dir: brokenSite('vnu') });
    expect(bad.passed).toBe(false);
    expect(bad.failures).toHaveLength(1);
    expect(bad.failures[0]).toMatch(/^about\.html:\d+: Element “div” not allowed as child of element “ul”/);
  }, 60_000);
});

describe('links gate', () => {
  it('passes the good site and fails a dead link', async () => {
    const good = await runLinksGate({ dir: GOOD });
    expect(good.failures).toEqual([]);
    expect(good.figures?.checked).toBeGreaterThan(5);
    const bad = await runLinksGate({ dir: brokenSite('links') });
    expect(bad.passed).toBe(false);
    expect(bad.failures).toEqual(['/es/about: broken link /es/contacto (HTTP 404)']);
  }, 60_000);
});

describe('seo gate', () => {
  it('passes the good site and fails a duplicate title', () => {
    const good = runSeoGate({ dir: GOOD });
    expect(good.failures).toEqual([]);
    const bad = runSeoGate({ dir: brokenSite('seo') });
    expect(bad.passed).toBe(false);
    expect(bad.failures).toEqual(['/es/about: duplicate title "Cupones Fixture" (also on /es)']);
  });
});

describe('weight gate', () => {
  it('passes the good site and fails an extra script, as Chromium fetches it', async () => {
    const good = await runWeightGate({ dir: GOOD, budgets });
    expect(good.failures).toEqual([]);
    expect(good.figures?.content).toMatchObject({ pages: 2, jsRequests: 1 });
    const bad = await runWeightGate({ dir: brokenSite('weight'), budgets });
    expect(bad.passed).toBe(false);
    // /about fetches app.js and extra.js (7 KB, about 3.5 KB gzip) before any interaction.
    expect(bad.failures).toEqual([
      expect.stringMatching(/^\/about \(content\): JS [34]\.\d KB transferred before interaction, over budget 1 KB$/),
      '/about (content): 2 script requests before interaction, over budget 1',
    ]);
  }, 60_000);
});
