/**
 * `npm install` runs this (postinstall): makes Playwright's WebDriver BiDi Firefox channel work
 * with Debian's Firefox ESR (see scripts/lib/browser/playwright-bidi-patch.ts). Idempotent. When it
 * cannot patch (Playwright's code moved in a newer version) it says why and lets the install
 * finish: the Firefox tests then fail with Firefox's "unknown command", and
 * tests/unit/ci/playwright-bidi-patch.test.ts fails too.
 */
import { applyPlaywrightBidiPatch, bundlePath } from './lib/browser/playwright-bidi-patch.ts';

try {
  const file = bundlePath();
  console.log(`playwright-bidi-patch: ${applyPlaywrightBidiPatch(file)} (${file})`);
} catch (error) {
  console.warn(`playwright-bidi-patch: NOT applied: ${error instanceof Error ? error.message : String(error)}`);
}
