/**
 * A catalog file (SPEC §3, `staticData.catalog`, the reference API's --catalog, the build's
 * pull): checked item by item against the entity schemas (schemas.ts). An invalid item is left
 * out and reported with its JSON path; only a file of the wrong overall shape is refused.
 */
import './zod-jitless.ts';
import { z } from 'zod';
import { formatJsonPath } from './json-path.ts';
import {
  type LocalizedCatalog,
  localizedBrandSchema,
  localizedCategorySchema,
  localizedCouponSchema,
  localizedDealSchema,
  localizedTextSchema,
  statsSchema,
} from './schemas.ts';

/** One reason a catalog file item was dropped (or the whole file refused). */
export type CatalogProblem = {
  /** JSON path, e.g. "brands[3].slug" or "(root)". */
  path: string;
  /** "category", "brand", "coupon" or "deal"; null for a problem outside the item lists. */
  entity: CatalogEntity | null;
  /** The item's id as written in the file, when it has one. */
  id: unknown;
  /** The field inside the item, e.g. "slug" or "category.color"; "" for the item as a whole. */
  field: string;
  message: string;
};
export type CatalogEntity = 'category' | 'brand' | 'coupon' | 'deal';
export type CatalogParse =
  | { ok: true; catalog: LocalizedCatalog; problems: CatalogProblem[]; dropped: number }
  | { ok: false; problems: CatalogProblem[] };

const CATALOG_LISTS = [
  { key: 'categories', entity: 'category', schema: localizedCategorySchema, slugs: true },
  { key: 'brands', entity: 'brand', schema: localizedBrandSchema, slugs: true },
  { key: 'coupons', entity: 'coupon', schema: localizedCouponSchema, slugs: false },
  { key: 'deals', entity: 'deal', schema: localizedDealSchema, slugs: false },
] as const;

const catalogShellSchema = z.strictObject({
  categories: z.array(z.unknown()),
  brands: z.array(z.unknown()),
  coupons: z.array(z.unknown()),
  deals: z.array(z.unknown()),
  stats: statsSchema,
  trending: z.array(localizedTextSchema),
});

/**
 * Validates a catalog file (build time `staticData.catalog`, the reference API's `--catalog`)
 * item by item against the model schemas: an invalid item, or one whose id or slug repeats an
 * earlier one, is DROPPED and reported with its entity, id and field, so one bad record never
 * stops a build. Only a file that is not a catalog at all (`ok: false`) is refused.
 */
export function parseCatalog(raw: unknown): CatalogParse {
  const shell = catalogShellSchema.safeParse(raw);
  if (!shell.success) {
    return {
      ok: false,
      problems: shell.error.issues.map((i) => ({
        path: formatJsonPath(i.path),
        entity: null,
        id: undefined,
        field: '',
        message: i.message,
      })),
    };
  }
  const problems: CatalogProblem[] = [];
  let dropped = 0;
  const lists: Record<string, unknown[]> = {};
  for (const { key, entity, schema, slugs } of CATALOG_LISTS) {
    const kept: unknown[] = [];
    const ids = new Map<number, number>();
    const seenSlugs = new Map<string, number>();
    shell.data[key].forEach((item, index) => {
      const id = item !== null && typeof item === 'object' ? (item as { id?: unknown }).id : undefined;
      const at = (inside: ReadonlyArray<PropertyKey>, message: string) =>
        problems.push({
          path: formatJsonPath([key, index, ...inside]),
          entity,
          id,
          field: inside.length > 0 ? formatJsonPath(inside) : '',
          message,
        });
      const parsed = schema.safeParse(item);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) at(issue.path, issue.message);
        dropped++;
        return;
      }
      const value = parsed.data as { id: number; slug?: string };
      const sameId = ids.get(value.id);
      const sameSlug = slugs && value.slug !== undefined ? seenSlugs.get(value.slug) : undefined;
      if (sameId !== undefined || sameSlug !== undefined) {
        if (sameId !== undefined) at(['id'], `Duplicate ${entity} id ${value.id} (first used by ${key}[${sameId}])`);
        if (sameSlug !== undefined)
          at(['slug'], `Duplicate ${entity} slug "${value.slug}" (first used by ${key}[${sameSlug}])`);
        dropped++;
        return;
      }
      ids.set(value.id, index);
      if (slugs && value.slug !== undefined) seenSlugs.set(value.slug, index);
      kept.push(value);
    });
    lists[key] = kept;
  }
  const catalog = { ...shell.data, ...lists } as LocalizedCatalog;
  return { ok: true, catalog, problems, dropped };
}

/** One line per problem, e.g. `brands[3].slug (brand 7): Slug may only contain …`. */
export function formatCatalogProblems(problems: readonly CatalogProblem[]): string[] {
  return problems.map((p) => {
    const who =
      p.entity === null
        ? ''
        : ` (${p.entity}${typeof p.id === 'number' || typeof p.id === 'string' ? ` ${JSON.stringify(p.id).slice(0, 40)}` : ''})`;
    return `${p.path}${who}: ${p.message}`;
  });
}

/**
 * A catalog file as the build and the reference API read it: invalid items are dropped (see
 * `parseCatalog`, which also says which and why); only a file that is not a catalog fails.
 */
export const catalogSchema = z.unknown().transform((raw, ctx): LocalizedCatalog => {
  const result = parseCatalog(raw);
  if (result.ok) return result.catalog;
  for (const issue of catalogShellSchema.safeParse(raw).error?.issues ?? [])
    ctx.addIssue({ code: 'custom', message: issue.message, path: [...issue.path] });
  return z.NEVER;
});
