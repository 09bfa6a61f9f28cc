/**
 * The visitor's direct-campaign counts (issue 25): today's views per campaign (the daily cap) and
 * totals per campaign (the dashboard), kept in memory for the page and stored under
 * `ad_campaigns` only while consent allows ad storage (src/preferences/preferences.ts gates the key).
 * Without consent the cap does not apply (selectCampaign gets views = null).
 */
import { siteRuntime } from '../config/site-runtime.ts';
import { readRaw, writePreference } from '../preferences/preferences.ts';
import {
  CAMPAIGN_STORE_KEY,
  type CampaignEvent,
  type CampaignStore,
  dayKey,
  parseCampaignStore,
  recordCampaignEvent,
} from './core/campaigns.ts';

/** For the dashboard (components read src/ads/core only through src/ads modules). */
export { type CampaignStatus, type CampaignTotals, campaignStatus } from './core/campaigns.ts';

const today = (now: number) => dayKey(now, siteRuntime.timezone);

let memory: CampaignStore | undefined;

export function campaignStore(now: number = Date.now()): CampaignStore {
  const day = today(now);
  if (!memory || memory.day !== day) memory = parseCampaignStore(readRaw(CAMPAIGN_STORE_KEY), day);
  return memory;
}

/** Counts one event; writes it through when consent allows (the write is refused otherwise). */
export function countCampaignEvent(id: string, event: CampaignEvent, now: number = Date.now()): void {
  memory = recordCampaignEvent(campaignStore(now), id, event, today(now));
  writePreference(CAMPAIGN_STORE_KEY, JSON.stringify(memory));
}
