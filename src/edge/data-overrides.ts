/**
 * The operator's overrides (issue 40, src/catalog/overrides.ts) applied to a /data file the
 * Worker answers (./data-ondemand.ts), as they are to the pages it renders: the export's bytes
 * were made at build time, the overrides in D1 may be newer.
 *
 * - Brand shards (`brands/shard/…`: a brand page's offers): a hidden offer, and every offer and
 *   the brand of a blocked advertiser, are left out.
 * - Item files (`items` + `refs`: newest pages, order blocks): other files point at an item by its
 *   rank, so its slot stays, EMPTIED: no code, title, description or link, ended at the epoch
 *   (listings drop an ended offer, src/catalog/display.ts) and `status` "hidden".
 * - Brand lists (`rows`): a blocked brand is left out, a renamed one carries its new name.
 * - In every item: an edited title/description (the file's language), a renamed brand, a pin
 *   (featured, `pinnedUntil`, while it holds at `now`; the order of a file stays the build's),
 *   an operator's check (`verifiedAt`).
 * Any other file (rank lists, id and search shards: numbers only) is answered as it was built.
 */
import type { CatalogLanguage } from '../catalog/localized.ts';
import type { Overrides } from '../catalog/overrides.ts';
import { FIELDS, type Kind } from '../sources/static/format.ts';

type Encoded = unknown[];
type Ref = { id: number; name: string };
type ItemFile = { items: Encoded[]; refs: { b: Ref[]; c: unknown[] } };
type ShardFile = { brands: Ref[]; coupons: Encoded[]; deals: Encoded[]; refs: { b: Ref[]; c: unknown[] } };
type RowsFile = { rows: unknown[][] };

const at = (kind: Kind, field: string) => (FIELDS[kind] as readonly string[]).indexOf(field);
/** A value for an optional field skipped to set a later one (the reader's "absent"). */
const gap = (field: string): unknown => (field === 'countries' ? [] : field === 'exclusive' ? false : null);

function set(kind: Kind, item: Encoded, field: string, value: unknown): void {
  const i = at(kind, field);
  for (let j = item.length; j < i; j++) item[j] = gap(FIELDS[kind][j]!);
  item[i] = value;
}

/** Whether overrides change anything in a /data file (none: answer the built bytes). */
export function dataOverridesApply(overrides: Overrides): boolean {
  return overrides.offers.length > 0 || overrides.brands.some((b) => b.blocked || b.name);
}

/**
 * The text of /data file `path` (with its language folder: "es/brands/shard/3.json") with the
 * overrides applied; the same text when they change nothing in it.
 */
export function overrideDataText(
  path: string,
  text: string,
  overrides: Overrides,
  now: Date,
  defaultLanguage: CatalogLanguage,
): string {
  if (!dataOverridesApply(overrides)) return text;
  const lang = (/^([a-z]{2})\//.exec(path)?.[1] ?? defaultLanguage) as CatalogLanguage;
  const file = path.replace(/^[a-z]{2}\//, '');
  const blocked = new Set(overrides.brands.filter((b) => b.blocked).map((b) => b.id));
  const renamed = new Map(overrides.brands.filter((b) => b.name).map((b) => [b.id, b.name as string]));
  const byOffer = new Map(overrides.offers.map((o) => [`${o.kind}:${o.id}`, o]));
  const t = now.getTime();
  const offerKind = (kind: Kind) => (kind === 'coupons' ? 'coupon' : 'deal');
  const leftOut = (kind: Kind, item: Encoded) =>
    byOffer.get(`${offerKind(kind)}:${item[0]}`)?.hidden === true || blocked.has(item[at(kind, 'brandId')] as number);
  const edit = (kind: Kind, item: Encoded): Encoded => {
    const o = byOffer.get(`${offerKind(kind)}:${item[0]}`);
    if (!o) return item;
    const next = [...item];
    const title = o.title?.[lang];
    if (title !== undefined) set(kind, next, kind === 'coupons' ? 'name' : 'title', title);
    const description = o.description?.[lang];
    if (description !== undefined) set(kind, next, 'description', description);
    if (o.pinnedUntil && Date.parse(o.pinnedUntil) > t) {
      set(kind, next, 'featured', true);
      set(kind, next, 'pinnedUntil', o.pinnedUntil);
    }
    if (o.verifiedAt && kind === 'coupons') {
      set(kind, next, 'verified', true);
      set(kind, next, 'verifiedAt', o.verifiedAt);
    }
    return next;
  };
  const emptied = (kind: Kind, item: Encoded): Encoded => {
    const next = [...item];
    set(kind, next, 'code', '');
    set(kind, next, kind === 'coupons' ? 'name' : 'title', '');
    set(kind, next, 'description', '');
    set(kind, next, 'link', null);
    if (kind === 'deals') {
      set(kind, next, 'originUrl', null);
      set(kind, next, 'trackingUrl', null);
      set(kind, next, 'image', null);
    }
    set(kind, next, 'featured', false);
    set(kind, next, 'expiresAt', 0);
    set(kind, next, 'status', 'hidden');
    return next.slice(0, Math.max(at(kind, 'status'), at(kind, 'expiresAt'), at(kind, 'category')) + 1);
  };
  const renameRefs = (refs: Ref[]) =>
    refs.map((r) => (renamed.has(r.id) ? { ...r, name: renamed.get(r.id) as string } : r));

  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  if (value === null || typeof value !== 'object') return text;
  const v = value as Record<string, unknown>;
  if (/^brands\/shard\//.test(file) && Array.isArray(v.coupons) && Array.isArray(v.deals)) {
    const shard = v as ShardFile;
    return JSON.stringify({
      ...shard,
      brands: renameRefs(shard.brands.filter((b) => !blocked.has(b.id))),
      coupons: shard.coupons.filter((x) => !leftOut('coupons', x)).map((x) => edit('coupons', x)),
      deals: shard.deals.filter((x) => !leftOut('deals', x)).map((x) => edit('deals', x)),
      refs: { ...shard.refs, b: renameRefs(shard.refs.b) },
    });
  }
  const kind = /^(coupons|deals)\//.exec(file)?.[1] as Kind | undefined;
  if (kind && Array.isArray(v.items) && v.refs) {
    const items = v as ItemFile;
    return JSON.stringify({
      ...items,
      items: items.items.map((x) => (leftOut(kind, x) ? emptied(kind, x) : edit(kind, x))),
      refs: { ...items.refs, b: renameRefs(items.refs.b) },
    });
  }
  if (Array.isArray(v.rows)) {
    const rows = (v as RowsFile).rows
      .filter((r) => !blocked.has(r[0] as number))
      .map((r) => (renamed.has(r[0] as number) ? [r[0], r[1], renamed.get(r[0] as number), ...r.slice(3)] : r));
    return JSON.stringify({ ...v, rows });
  }
  return text;
}
