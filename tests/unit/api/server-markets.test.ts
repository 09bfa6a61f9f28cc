/** The reference API's replies of a language keep only the offers of its market (issue 39). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApiServer, startApiServer } from '../../../scripts/lib/api-server/server.ts';
import { createSampleCatalog } from '../../../src/catalog/sample.ts';

const NOW = new Date('2026-11-25T12:00:00.000Z');
const base = createSampleCatalog(NOW);
const gb = base.coupons[0]!;
const de = base.coupons[1]!;
const catalog = {
  ...base,
  coupons: base.coupons.map((c, i) =>
    i === 0 ? { ...c, countries: ['GB'] } : i === 1 ? { ...c, countries: ['DE'] } : c,
  ),
};

let server: RunningApiServer;
beforeAll(async () => {
  server = await startApiServer({ port: 0, catalog, now: NOW, markets: { en: ['GB', 'US'], de: ['DE', 'AT', 'CH'] } });
});
afterAll(() => server.close());

const ids = async (lang: string) => {
  const res = await fetch(`${server.url}/api/coupons?lang=${lang}&limit=100&pageSize=100`);
  const body = (await res.json()) as { data: { id: number }[] };
  return new Set(body.data.map((c) => c.id));
};

describe('reference API: markets', () => {
  it('lang=de leaves out the GB-only coupon and keeps the DE one; lang=en the reverse', async () => {
    const deIds = await ids('de');
    expect(deIds.has(de.id)).toBe(true);
    expect(deIds.has(gb.id)).toBe(false);
    const enIds = await ids('en');
    expect(enIds.has(gb.id)).toBe(true);
    expect(enIds.has(de.id)).toBe(false);
  });
});
