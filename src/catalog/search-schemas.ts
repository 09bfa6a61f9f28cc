/**
 * The search schemas (SPEC §7 "Search"): suggestions and the search result, in the model's shape
 * (split from schemas.ts; schemas.ts re-exports their types).
 */
import './zod-jitless.ts';
import { z } from 'zod';
import { SEARCH_TYPES } from './constants.ts';
import {
  brandSummarySchema,
  categorySchema,
  couponSchema,
  dealSchema,
  idSchema,
  imageOrNull,
  slugSchema,
  textLangSchema,
} from './schemas.ts';

export const SUGGESTION_TYPES = ['coupon', 'deal', 'brand', 'category'] as const;
export const suggestionTypeSchema = z.enum(SUGGESTION_TYPES);
export type SuggestionType = z.infer<typeof suggestionTypeSchema>;

export const searchSuggestionSchema = z.strictObject({
  id: idSchema,
  type: suggestionTypeSchema,
  title: z.string(),
  subtitle: z.string(),
  lang: textLangSchema,
  image: imageOrNull,
  /** Set for brand and category suggestions so the UI can link to /brands/{slug}. */
  slug: slugSchema.nullable(),
});
export type SearchSuggestion = z.infer<typeof searchSuggestionSchema>;

export const searchTypeSchema = z.enum(SEARCH_TYPES);
export type SearchType = z.infer<typeof searchTypeSchema>;

function searchSectionSchema<T extends z.ZodType>(item: T) {
  return z.strictObject({
    items: z.array(item),
    totalItems: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    totalPages: z.number().int().nonnegative(),
  });
}

export const searchResultSchema = z.strictObject({
  coupons: searchSectionSchema(couponSchema),
  deals: searchSectionSchema(dealSchema),
  brands: z.array(brandSummarySchema),
  categories: z.array(categorySchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
export type SearchSection<T> = { items: T[]; totalItems: number; page: number; totalPages: number };
