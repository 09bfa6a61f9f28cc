/** Deals page state shared across islands: the sort of the All Deals list. */
import { atom } from 'nanostores';
import type { Sort } from '../catalog/schemas.ts';

export const DEFAULT_DEAL_SORT: Sort = 'newest';
export const $dealSort = atom<Sort>(DEFAULT_DEAL_SORT);
