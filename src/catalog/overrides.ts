/**
 * Operator overrides of a site's catalog (issue 40): `catalogs/<site-id>.overrides.json`.
 *
 * Edited by `npm run offers` (scripts/offers.ts). Imports never write this file; builds apply it
 * to the site's catalog with `applyOverrides` (src/sources/catalog-file.ts), after which:
 * - a hidden offer is on no page, feed or /data file;
 * - a pinned offer (until `pinnedUntil`) is featured, carries `pinnedUntil` and is first in the
 *   catalog's order and in every listing's (src/catalog/query.ts); after that instant it is not;
 * - an edited title/description replaces the text of the languages edited, the others stay;
 * - a renamed brand carries its new name on its page and on every offer that names it;
 * - a blocked advertiser (brand) and all its offers are left out, whatever an import brings;
 * - `verifiedAt` (an operator's "confirm it works") is set on the coupon (the health verdict,
 *   src/catalog/health.ts, counts it as a success).
 *
 * Every change appends one `audit` entry (what, when, who). Pure: no I/O, no clock (`now` is
 * passed in).
 */
import './zod-jitless.ts';
import { z } from 'zod';
import { CATALOG_LANGUAGES, type CatalogLanguage, type LocalizedText, type TextByLanguage } from './localized.ts';
import { isIsoDate, REFINEMENT_MESSAGES } from './refinements.ts';
import type { LocalizedCatalog } from './schemas.ts';

const iso = z.string().refine(isIsoDate, { error: REFINEMENT_MESSAGES.date });
const textByLanguage = z.partialRecord(z.enum(CATALOG_LANGUAGES), z.string().min(1));

export const OFFER_KINDS = ['coupon', 'deal'] as const;
export const offerKindSchema = z.enum(OFFER_KINDS);
export type OfferKind = z.infer<typeof offerKindSchema>;

export const offerOverrideSchema = z.strictObject({
  kind: offerKindSchema,
  id: z.number().int().nonnegative(),
  hidden: z.boolean().optional(),
  /** Pinned to the top (featured, first) until this instant. */
  pinnedUntil: iso.optional(),
  /** Title (a coupon's name, a deal's title) per language. */
  title: textByLanguage.optional(),
  description: textByLanguage.optional(),
  /** An operator confirmed the code works at this instant (coupons). */
  verifiedAt: iso.optional(),
});
export type OfferOverride = z.infer<typeof offerOverrideSchema>;

export const brandOverrideSchema = z.strictObject({
  id: z.number().int().nonnegative(),
  /** New brand name (a plain string: the same in every language). */
  name: z.string().min(1).optional(),
  /** Advertiser blocked: the brand and its offers are left out of every build and import. */
  blocked: z.boolean().optional(),
});
export type BrandOverride = z.infer<typeof brandOverrideSchema>;

export const AUDIT_ACTIONS = [
  'hide',
  'unhide',
  'pin',
  'unpin',
  'edit',
  'rename',
  'block',
  'unblock',
  'verify',
] as const;
export const auditEntrySchema = z.strictObject({
  at: iso,
  action: z.enum(AUDIT_ACTIONS),
  /** "coupon:42", "deal:7", "brand:3". */
  target: z.string().min(1),
  /** Who: "cli" or "session:<id>". */
  by: z.string().min(1),
  detail: z.string().optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const overridesSchema = z.strictObject({
  version: z.literal(1),
  offers: z.array(offerOverrideSchema),
  brands: z.array(brandOverrideSchema),
  audit: z.array(auditEntrySchema),
});
export type Overrides = z.infer<typeof overridesSchema>;

export function emptyOverrides(): Overrides {
  return { version: 1, offers: [], brands: [], audit: [] };
}

/** Parses an overrides file's JSON; the error names each bad field by JSON path. */
export function parseOverrides(raw: unknown, file = 'overrides'): Overrides {
  const r = overridesSchema.safeParse(raw);
  if (r.success) return r.data;
  const lines = r.error.issues.map((i) => `  - ${file}: ${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`);
  throw new Error(`Invalid overrides file:\n${lines.join('\n')}`);
}

function mergeText(current: LocalizedText, edit: TextByLanguage, defaultLanguage: CatalogLanguage): LocalizedText {
  const base: TextByLanguage = typeof current === 'string' ? { [defaultLanguage]: current } : { ...current };
  return { ...base, ...edit };
}

/**
 * The catalog with the overrides applied (a new object; the input is not changed). `now` decides
 * which pins still hold; `defaultLanguage` is the language of plain-string texts (the site's).
 */
export function applyOverrides(
  catalog: LocalizedCatalog,
  overrides: Overrides,
  now: Date,
  defaultLanguage: CatalogLanguage = 'en',
): LocalizedCatalog {
  const blocked = new Set(overrides.brands.filter((b) => b.blocked).map((b) => b.id));
  const renamed = new Map(overrides.brands.filter((b) => b.name).map((b) => [b.id, b.name as string]));
  const byOffer = new Map(overrides.offers.map((o) => [`${o.kind}:${o.id}`, o]));
  const t = now.getTime();

  const removedBy = {
    brand: new Map<number, { c: number; d: number }>(),
    category: new Map<number, { c: number; d: number }>(),
  };
  const count = (map: Map<number, { c: number; d: number }>, id: number | null, kind: OfferKind) => {
    if (id === null) return;
    const e = map.get(id) ?? { c: 0, d: 0 };
    if (kind === 'coupon') e.c++;
    else e.d++;
    map.set(id, e);
  };
  const leftOut = (kind: OfferKind, o: { id: number; brandId: number | null; categoryId: number | null }) => {
    const out = (o.brandId !== null && blocked.has(o.brandId)) || byOffer.get(`${kind}:${o.id}`)?.hidden === true;
    if (out) {
      count(removedBy.brand, o.brandId, kind);
      count(removedBy.category, o.categoryId, kind);
    }
    return out;
  };
  const renameRef = <R extends { brand: { id: number; name: LocalizedText } | null }>(o: R): R =>
    o.brand && renamed.has(o.brand.id) ? { ...o, brand: { ...o.brand, name: renamed.get(o.brand.id) as string } } : o;
  const pinned = (kind: OfferKind, id: number) => {
    const until = byOffer.get(`${kind}:${id}`)?.pinnedUntil;
    return until !== undefined && Date.parse(until) > t;
  };
  const pinFirst = <R extends { id: number }>(kind: OfferKind, list: R[]): R[] => [
    ...list.filter((o) => pinned(kind, o.id)),
    ...list.filter((o) => !pinned(kind, o.id)),
  ];

  const coupons = pinFirst(
    'coupon',
    catalog.coupons
      .filter((c) => !leftOut('coupon', c))
      .map((c) => {
        const o = byOffer.get(`coupon:${c.id}`);
        let next = renameRef(c);
        if (!o) return next;
        if (o.title) next = { ...next, name: mergeText(next.name, o.title, defaultLanguage) };
        if (o.description) next = { ...next, description: mergeText(next.description, o.description, defaultLanguage) };
        if (o.verifiedAt) next = { ...next, verifiedAt: o.verifiedAt, verified: true };
        if (pinned('coupon', c.id)) next = { ...next, featured: true, pinnedUntil: o.pinnedUntil as string };
        return next;
      }),
  );
  const deals = pinFirst(
    'deal',
    catalog.deals
      .filter((d) => !leftOut('deal', d))
      .map((d) => {
        const o = byOffer.get(`deal:${d.id}`);
        let next = renameRef(d);
        if (!o) return next;
        if (o.title) next = { ...next, title: mergeText(next.title, o.title, defaultLanguage) };
        if (o.description) next = { ...next, description: mergeText(next.description, o.description, defaultLanguage) };
        if (pinned('deal', d.id)) next = { ...next, featured: true, pinnedUntil: o.pinnedUntil as string };
        return next;
      }),
  );
  const less = (n: number, by: number) => Math.max(0, n - by);
  const brands = catalog.brands
    .filter((b) => !blocked.has(b.id))
    .map((b) => {
      const r = removedBy.brand.get(b.id);
      const name = renamed.get(b.id) ?? b.name;
      return r || renamed.has(b.id)
        ? { ...b, name, totalCoupons: less(b.totalCoupons, r?.c ?? 0), totalDeals: less(b.totalDeals, r?.d ?? 0) }
        : b;
    });
  const categories = catalog.categories.map((c) => {
    const r = removedBy.category.get(c.id);
    return r ? { ...c, totalCoupons: less(c.totalCoupons, r.c), totalDeals: less(c.totalDeals, r.d) } : c;
  });
  return {
    ...catalog,
    categories,
    brands,
    coupons,
    deals,
    stats: {
      ...catalog.stats,
      totalCoupons: less(catalog.stats.totalCoupons, catalog.coupons.length - coupons.length),
      totalDeals: less(catalog.stats.totalDeals, catalog.deals.length - deals.length),
      totalBrands: less(catalog.stats.totalBrands, catalog.brands.length - brands.length),
    },
  };
}

/** One operator change, as the CLI and the console make it. */
export type OverrideChange =
  | { action: 'hide' | 'unhide'; kind: OfferKind; id: number }
  | { action: 'pin'; kind: OfferKind; id: number; until: string }
  | { action: 'unpin'; kind: OfferKind; id: number }
  | { action: 'edit'; kind: OfferKind; id: number; lang: CatalogLanguage; title?: string; description?: string }
  | { action: 'verify'; id: number }
  | { action: 'rename'; brandId: number; name: string }
  | { action: 'block' | 'unblock'; brandId: number };

/** The overrides with one change made and audited (a new object). */
export function recordChange(overrides: Overrides, change: OverrideChange, at: Date, by: string): Overrides {
  const next: Overrides = {
    ...overrides,
    offers: overrides.offers.map((o) => ({ ...o })),
    brands: overrides.brands.map((b) => ({ ...b })),
    audit: [...overrides.audit],
  };
  const offer = (kind: OfferKind, id: number): OfferOverride => {
    let o = next.offers.find((x) => x.kind === kind && x.id === id);
    if (!o) {
      o = { kind, id };
      next.offers.push(o);
    }
    return o;
  };
  const brand = (id: number): BrandOverride => {
    let b = next.brands.find((x) => x.id === id);
    if (!b) {
      b = { id };
      next.brands.push(b);
    }
    return b;
  };
  let target: string;
  let detail: string | undefined;
  switch (change.action) {
    case 'hide':
    case 'unhide':
      offer(change.kind, change.id).hidden = change.action === 'hide';
      target = `${change.kind}:${change.id}`;
      break;
    case 'pin':
      if (!isIsoDate(change.until)) throw new Error(`pin: "until" must be an ISO date, got "${change.until}"`);
      offer(change.kind, change.id).pinnedUntil = change.until;
      target = `${change.kind}:${change.id}`;
      detail = `until ${change.until}`;
      break;
    case 'unpin':
      delete offer(change.kind, change.id).pinnedUntil;
      target = `${change.kind}:${change.id}`;
      break;
    case 'edit': {
      if (change.title === undefined && change.description === undefined)
        throw new Error('edit: give a title, a description or both');
      const o = offer(change.kind, change.id);
      if (change.title !== undefined) o.title = { ...o.title, [change.lang]: change.title };
      if (change.description !== undefined) o.description = { ...o.description, [change.lang]: change.description };
      target = `${change.kind}:${change.id}`;
      detail = `lang ${change.lang}`;
      break;
    }
    case 'verify':
      offer('coupon', change.id).verifiedAt = at.toISOString();
      target = `coupon:${change.id}`;
      break;
    case 'rename':
      brand(change.brandId).name = change.name;
      target = `brand:${change.brandId}`;
      detail = change.name;
      break;
    case 'block':
    case 'unblock':
      brand(change.brandId).blocked = change.action === 'block';
      target = `brand:${change.brandId}`;
      break;
  }
  next.audit.push({ at: at.toISOString(), action: change.action, target, by, ...(detail ? { detail } : {}) });
  return overridesSchema.parse(next);
}
