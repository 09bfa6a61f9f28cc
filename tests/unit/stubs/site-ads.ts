/**
 * `virtual:site-ads` for unit tests (vitest.config.ts aliases it here): the default site's ad
 * settings, made by the same `siteRuntimeOf` the build's plugin uses.
 */
import { loadSiteConfig } from '../../../src/config/load-file.ts';
import { type SiteRuntime, siteRuntimeOf } from '../../../src/config/public.ts';

const ads: SiteRuntime['ads'] = siteRuntimeOf(loadSiteConfig('default')).ads;
export default ads;
