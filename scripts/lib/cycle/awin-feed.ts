/**
 * A generated Awin promotions feed (the API's JSON reply, docs/networks/awin.md) for the cycle's
 * test and benchmark (issue 42): `advertisers` advertisers with `offers` offers each, in 40
 * categories, fixed dates (so two imports of it differ only where the caller changed it), and
 * the caller's changes: one offer's title replaced, offers added to an advertiser.
 */
import { once } from 'node:events';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export interface FeedOptions {
  advertisers: number;
  /** Offers per advertiser. */
  offers: number;
  /** [advertiser, offer number, new title]: one offer's title changed. */
  changed?: [number, number, string][];
  /** [advertiser, title, code]: offers added after the generated ones. */
  added?: [number, string, string][];
  start?: string;
  end?: string;
}

export const advertiserName = (a: number) => `Cycle Store ${a}`;
export const offerTitle = (a: number, n: number) => `${(n % 50) + 5}% off order ${a}-${n}`;

export async function writeAwinFeed(file: string, o: FeedOptions): Promise<number> {
  mkdirSync(dirname(file), { recursive: true });
  const out = createWriteStream(file);
  const start = o.start ?? '2026-01-01T00:00:00+00:00';
  const end = o.end ?? '2027-12-31T23:59:59+00:00';
  const item = (id: number, a: number, title: string, code: string) =>
    JSON.stringify({
      promotionId: id,
      type: code ? 'voucher' : 'promotion',
      advertiser: { id: 10_000 + a, name: advertiserName(a), joined: true },
      title,
      description: `Offer of ${advertiserName(a)}`,
      terms: '',
      startDate: start,
      endDate: end,
      url: `https://store-${a}.example/`,
      urlTracking: `https://track.example/c?a=${a}&t=${encodeURIComponent(title)}`,
      regions: { all: true, list: [] },
      categories: [{ id: 100 + (a % 40), name: `Category ${a % 40}` }],
      voucher: { code, exclusive: false, attributable: false },
    });
  const changed = new Map((o.changed ?? []).map(([a, n, t]) => [`${a}-${n}`, t]));
  let count = 0;
  out.write('{"data":[');
  for (let a = 0; a < o.advertisers; a++)
    for (let n = 0; n < o.offers; n++) {
      const title = changed.get(`${a}-${n}`) ?? offerTitle(a, n);
      const line = `${count > 0 ? ',' : ''}${item(a * 1000 + n, a, title, n % 4 === 3 ? '' : `C${a}X${n}`)}`;
      count++;
      if (!out.write(line)) await once(out, 'drain');
    }
  for (const [i, [a, title, code]] of (o.added ?? []).entries()) {
    out.write(`,${item(900_000_000 + i, a, title, code)}`);
    count++;
  }
  out.end(`],"pagination":{"page":1,"pageSize":${count},"total":${count}}}`);
  await once(out, 'finish');
  return count;
}
