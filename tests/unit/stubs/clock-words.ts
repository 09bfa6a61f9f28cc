/**
 * `virtual:clock-words` for unit tests (vitest.config.ts aliases it here): the default site's
 * clock-label words, made by the same `clockWordsOf` the build's plugin uses.
 */
import { clockWordsOf } from '../../../src/astro/site-config-plugin.ts';
import { loadSiteConfig } from '../../../src/config/load-file.ts';

export default clockWordsOf(loadSiteConfig('default'));
