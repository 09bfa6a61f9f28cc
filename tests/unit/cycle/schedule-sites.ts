/** Four sites, one per target and schedule, shared by the schedule and the workflow tests. */
import { deploySchema } from '../../../src/config/schema.ts';

export const site = (id: string, deploy: unknown) => ({ site: { id }, deploy: deploySchema.parse(deploy) }) as never;
export const sites = [
  site('edge-hourly', { target: 'cloudflare' }),
  site('edge-nightly', { target: 'cloudflare', schedule: 'nightly' }),
  site('static', { target: 'static' }),
  site('static-hourly', { target: 'static', schedule: 'hourly' }),
];
