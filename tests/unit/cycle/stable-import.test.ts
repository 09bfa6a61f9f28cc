/**
 * Same feed, same catalog (issue 42): an import an hour later of a feed in which nothing changed
 * gives the same catalog, ids and stamps included; an offer whose feed item changed gets the new
 * stamp and keeps its id, a new offer gets a new id, and nothing else moves.
 */
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeAwinFeed } from '../../../scripts/lib/cycle/awin-feed.ts';
import { importFeeds } from '../../../src/import/import-feeds.ts';

const dir = mkdtempSync(join(tmpdir(), 'stable-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function importAt(
  file: string,
  now: string,
  previous: Awaited<ReturnType<typeof importFeeds>>['catalog'] | null,
) {
  const { catalog } = await importFeeds([{ format: 'awin', label: 'awin.json', pages: [createReadStream(file)] }], {
    now: new Date(now),
    previous,
  });
  return catalog;
}

describe('importing the same feed again', () => {
  it('gives the same catalog an hour later, ids and updatedAt included', async () => {
    const file = join(dir, 'same.json');
    await writeAwinFeed(file, { advertisers: 4, offers: 3 });
    const first = await importAt(file, '2026-11-28T10:00:00Z', null);
    const again = await importAt(file, '2026-11-28T11:00:00Z', first);
    expect(JSON.stringify(again)).toBe(JSON.stringify(first));
  });

  it('stamps only what changed; a changed offer keeps its id, an added one gets the next', async () => {
    const file = join(dir, 'changed.json');
    await writeAwinFeed(file, { advertisers: 4, offers: 3 });
    const first = await importAt(file, '2026-11-28T10:00:00Z', null);
    await writeAwinFeed(file, {
      advertisers: 4,
      offers: 3,
      changed: [[2, 0, 'Changed: 60% off']],
      added: [[2, 'Added: free shipping', 'NEWSHIP']],
    });
    const next = await importAt(file, '2026-11-28T11:00:00Z', first);
    const at = (c: { updatedAt: string | null }) => c.updatedAt;
    const changed = next.coupons.find((c) => c.name === 'Changed: 60% off')!;
    const before = first.coupons.find((c) => c.code === changed.code)!;
    expect(changed.id).toBe(before.id);
    expect(at(changed)).toBe('2026-11-28T11:00:00.000Z');
    const added = next.coupons.find((c) => c.code === 'NEWSHIP')!;
    expect(added.id).toBe(Math.max(...first.coupons.map((c) => c.id)) + 1);
    // Every other offer is as it was, stamp included.
    const others = next.coupons.filter((c) => c !== changed && c !== added);
    expect(others).toEqual(first.coupons.filter((c) => c.id !== before.id));
    // Brand 2's counts changed (one more coupon): its stamp moves; the other brands' do not.
    const brandStamps = (c: typeof first) => c.brands.map((b) => [b.slug, b.updatedAt]);
    expect(
      brandStamps(next)
        .filter(([, s]) => s === '2026-11-28T11:00:00.000Z')
        .map(([slug]) => slug),
    ).toEqual([changed.brand?.slug]);
  });
});
