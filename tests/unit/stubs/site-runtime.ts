/**
 * `virtual:site-runtime` for unit tests (vitest.config.ts aliases it here): the default site's
 * browser settings, made by the same `siteRuntimeOf` the build's plugin uses. A test that needs
 * other values mocks src/config/site-runtime.ts.
 */
import { loadSiteConfig } from '../../../src/config/load-file.ts';
import { type SiteRuntime, siteRuntimeOf } from '../../../src/config/public.ts';

const runtime: SiteRuntime = siteRuntimeOf(loadSiteConfig('default'));
export default runtime;
