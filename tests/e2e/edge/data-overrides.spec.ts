/**
 * The operator's overrides reach the /data files the Worker answers (issue 40; src/edge/
 * data-overrides.ts), at once: after "hide" a coupon's code is not in its brand's /data shard (the
 * file the browser reads for a brand's offers), after "unhide" it is back; a Spanish title edit
 * shows in the Spanish shard. Against the edge site in workerd + D1 (project "edge"), with a
 * long-tail brand from the MIDDLE of the list (the other specs take theirs from the start and end).
 */
import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { decodeDeltas, shardOf } from '../../../src/sources/static/format.ts';
import { adminWriter } from './admin-writer.ts';

const CLIENT = 'dist/edge/client';
type Index = { brands: [string, number, number][] };

test('hide, unhide and a Spanish edit show at once in the /data brand shard the Worker answers', async ({
  request,
}) => {
  const index = JSON.parse(readFileSync(`${CLIENT}/_edge/index.json`, 'utf8')) as Index;
  const longTail = index.brands.filter(([slug]) => !existsSync(`${CLIENT}/brands/${slug}.html`));
  const middle = longTail.slice(Math.floor(longTail.length / 2) - 5);
  let brand: [string, number, number] | undefined;
  let id = '';
  for (const b of middle) {
    const found = /data-get-code="(\d+)"/.exec(await (await request.get(`/brands/${b[0]}`)).text());
    if (found) [brand, id] = [b, found[1]!];
    if (brand) break;
  }
  expect(brand).toBeDefined();
  const coupon = ((await (await request.get(`/api/coupons/${id}`)).json()) as { data: { code: string } }).data;
  expect(coupon.code.length).toBeGreaterThan(0);
  const meta = JSON.parse(readFileSync(`${CLIENT}/data/meta.json`, 'utf8')) as { brandShards: number[] };
  const shard = shardOf(decodeDeltas(meta.brandShards), brand![1]);
  const shardText = async (lang = '') => {
    const res = await request.get(`/data${lang}/brands/shard/${shard}.json`);
    expect(res.status()).toBe(200);
    return res.text();
  };
  expect(await shardText()).toContain(`"${coupon.code}"`);

  const write = await adminWriter(request);
  const title = `Código de prueba ${Date.now()}`;
  try {
    await write(`/api/admin/offers/coupon/${id}/hide`);
    expect(await shardText()).not.toContain(`"${coupon.code}"`);
    await write(`/api/admin/offers/coupon/${id}/unhide`);
    expect(await shardText()).toContain(`"${coupon.code}"`);
    await write(`/api/admin/offers/coupon/${id}/edit`, { lang: 'es', title });
    expect(await shardText('/es')).toContain(title);
    expect(await shardText()).not.toContain(title);
  } finally {
    await write(`/api/admin/offers/coupon/${id}/unhide`);
  }
});
