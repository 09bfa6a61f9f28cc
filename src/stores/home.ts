/**
 * The home page's live data (API mode): the build rendered the sections already; once the home
 * island subscribes, GET /home refreshes them (cached 5 minutes, SPEC §9). A failure keeps the
 * build's sections (the island shows a notice with a retry, `refreshHome`). Static-data mode
 * never refreshes: the build's data is the site's data.
 */
import { atom, onMount } from 'nanostores';
import type { HomeData } from '../catalog/schemas.ts';
import { siteRuntime } from '../config/site-runtime.ts';
import { CACHE_TIME, cachedFetch } from './query.ts';
import { browserSource } from './source.ts';

export type HomeRefresh = {
  /** The live answer, once there is one. */
  live: HomeData | null;
  /** The last refresh failed (and none has succeeded since). */
  failed: boolean;
  loading: boolean;
};

/** Whether the home page refreshes from the API (API mode). */
export const HOME_REFRESHES = !siteRuntime.staticData;

export const $homeRefresh = atom<HomeRefresh>({ live: null, failed: false, loading: HOME_REFRESHES });

let attempt = 0;

/** Fetch the home data again (the notice's retry). */
export async function refreshHome(): Promise<void> {
  const mine = ++attempt;
  $homeRefresh.set({ ...$homeRefresh.get(), loading: true });
  try {
    const live = await cachedFetch('home', CACHE_TIME.HOME, async () => (await browserSource()).home());
    if (mine === attempt) $homeRefresh.set({ live, failed: false, loading: false });
  } catch (error) {
    console.warn('Failed to load home data:', error);
    if (mine === attempt) $homeRefresh.set({ ...$homeRefresh.get(), failed: true, loading: false });
  }
}

onMount($homeRefresh, () => {
  if (HOME_REFRESHES) void refreshHome();
});
