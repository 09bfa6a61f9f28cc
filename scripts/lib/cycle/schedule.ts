/**
 * Which sites a scheduled run cycles (issue 42; .github/workflows/cycle.yml runs hourly): every
 * edge site whose `deploy.schedule` is "hourly", and the "nightly" ones in the nightly hour
 * (03:00-03:59 UTC, the hour of the nightly workflow). Static sites are the nightly workflow's
 * (.github/workflows/nightly.yml builds and publishes every site once a night).
 */
import { deploySchedule, type SiteConfig } from '../../../src/config/schema.ts';

/** The UTC hour a "nightly" edge site is cycled in. */
export const NIGHTLY_HOUR_UTC = 3;

export function dueSites(sites: readonly Pick<SiteConfig, 'site' | 'deploy'>[], at: Date): string[] {
  const nightly = at.getUTCHours() === NIGHTLY_HOUR_UTC;
  return sites
    .filter((s) => s.deploy.target === 'cloudflare')
    .filter((s) => deploySchedule(s.deploy) === 'hourly' || nightly)
    .map((s) => s.site.id);
}
