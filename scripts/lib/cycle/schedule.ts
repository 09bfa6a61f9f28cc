/**
 * Which sites a scheduled run cycles (issue 42; .github/workflows/cycle.yml runs hourly): every
 * edge site whose `deploy.schedule` is "hourly", and the "nightly" ones in the nightly hour
 * (03:00-03:59 UTC, the hour of the nightly workflow). Static sites are the nightly workflow's
 * (.github/workflows/nightly.yml builds and gates every site once a night, and publishes only the
 * static ones: an edge site is deployed by the cycle alone, at its deploy.schedule).
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

/** The workflow that deploys a site: the hourly cycle for an edge site, the nightly for a static one. */
export function deployedBy(site: Pick<SiteConfig, 'deploy'>): 'cycle' | 'nightly' {
  return site.deploy.target === 'cloudflare' ? 'cycle' : 'nightly';
}
